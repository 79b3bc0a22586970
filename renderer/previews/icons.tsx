/*
 * The few outline icons the previews' action rows draw, as inline SVG: no icon font or package is
 * loaded for a dozen 24-pixel strokes, and they take the preview's text colour in light and dark.
 */

export type IconName =
  'comment' | 'repost' | 'heart' | 'share' | 'send' | 'bookmark' | 'chart' | 'dots' | 'like' | 'link';

const paths: Record<IconName, string> = {
  comment: 'M4 5h16v11H9l-5 4z',
  repost: 'M7 7h10v4l3-3-3-3v2M17 17H7v-4l-3 3 3 3v-2',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  share: 'M12 4v11M7 9l5-5 5 5M5 15v5h14v-5',
  send: 'M3 11l18-7-7 18-3-8z',
  bookmark: 'M6 4h12v17l-6-4-6 4z',
  chart: 'M5 20V11M10 20V5M15 20v-7M20 20v-11',
  dots: 'M5 12h.01M12 12h.01M19 12h.01',
  like: 'M7 11v9H4v-9zM7 11l4-7a2 2 0 0 1 3 2l-1 4h6a2 2 0 0 1 2 2l-2 6a2 2 0 0 1-2 2H7',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
};

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="pv-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'dots' ? 3 : 1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
