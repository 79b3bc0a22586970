import type { PlatformType } from '../../shared/platforms/types.js';

/** Realistic lines for the demo calendar; the seed picks from them by index. */
export const DEMO_TEXTS: readonly string[] = [
  'New single-origin from Huila just landed: notes of red apple and panela. On bar from 7am.',
  'Monday fuel: our cold brew is back for the season. Bring your own cup and get 10% off.',
  'We are hiring a weekend barista for the harbor shop. Details and how to apply: https://example.com/jobs',
  'Behind the roast: why we take our Ethiopian beans a little lighter than most. A short thread.',
  'Latte art throwdown this Friday at 6pm. Free entry, prizes for the top three pours.',
  'Thank you to everyone who came to the harvest market. See the photos on our blog: https://example.com/blog/harvest',
  'Trail report: the ridge loop is dry and the larches are turning. Perfect weekend for it.',
  'Our winter layering guide is live, written with three of our guides who spend nights at -20°C.',
  'Repair, do not replace: bring any jacket to the shop on Saturday for free zip and seam fixes.',
  'Five things we pack on every day hike, and two we stopped carrying.',
  'Quarterly update: what we shipped, what we learned, and what is next for the platform.',
  'We are opening our research notes on sustainable packaging. Read them here: https://example.com/research',
  'Webinar on Thursday: measuring the carbon cost of a cup of coffee, from farm to counter.',
  'Customer story: how a family bakery cut its waste by a third in six months.',
  'Reminder: the shop closes at 3pm on Sunday for our staff cupping session.',
  'Poll: oat, almond or whole milk in your flat white? Tell us below.',
];

export const DEMO_THREAD: readonly string[] = [
  'How we roast, in four steps. A thread for the curious. 1/4',
  'Green beans rest for two weeks after arrival so their moisture evens out. 2/4',
  'We roast in small 12 kg batches and log every curve, so we can repeat the good ones. 3/4',
  'Then three days of rest before brewing: the flavour settles and the CO2 escapes. 4/4',
];

/** The settings each platform needs, with plausible values. */
export function demoSettings(
  platform: PlatformType,
  title: string,
): { __type: string } & Record<string, unknown> {
  switch (platform) {
    case 'instagram':
      return { __type: platform, post_type: 'post' };
    case 'tiktok':
      return {
        __type: platform,
        privacy_level: 'PUBLIC_TO_EVERYONE',
        duet: true,
        stitch: true,
        comment: true,
        autoAddMusic: 'no',
        brand_content_toggle: false,
        brand_organic_toggle: true,
        content_posting_method: 'DIRECT_POST',
      };
    case 'youtube':
      return { __type: platform, title: title.slice(0, 90), type: 'public' };
    default:
      return { __type: platform };
  }
}
