import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import type { PostDetail } from '../../shared/api/resources.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import type { PostRecord } from '../../shared/posts-file/columns.js';
import { campaignsInLinks } from '../../shared/links/track.js';

/*
 * Pure. The posts to export as the rows of a posts file: the posts of one group
 * that share time, text, media and (per platform) settings become one row naming all their
 * accounts, which is what one import row creates again.
 */

export interface ExportedPost {
  post: CalendarPost;
  /** GET /posts/:id (or its saved copy); null when neither could be had: the calendar's copy is used. */
  detail: PostDetail | null;
}

/** The instant in the brand's zone with its offset (2027-03-02T09:30:00+01:00); UTC when it has milliseconds. */
export function zonedIso(iso: string, timezone: string): string {
  const ms = Date.parse(iso);
  if (ms % 1000 !== 0) return new Date(ms).toISOString();
  return formatISO(new TZDate(ms, timezone));
}

function withoutType(settings: Record<string, unknown>): Record<string, unknown> {
  const { __type: _type, ...rest } = settings;
  return rest;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function postRecords(posts: readonly ExportedPost[], timezone: string): PostRecord[] {
  const records: (PostRecord & { key: string })[] = [];
  const sorted = [...posts].sort(
    (a, b) =>
      Date.parse(a.post.publishDate) - Date.parse(b.post.publishDate) || a.post.id.localeCompare(b.post.id),
  );
  for (const { post, detail } of sorted) {
    const blocks = detail
      ? detail.value.map((b) => ({ text: b.content, media: (b.image ?? []).map((m) => m.path) }))
      : [{ text: post.content, media: [] }];
    const platform = post.integration.platform ?? detail?.integration.platform ?? null;
    const settings = detail && platform ? withoutType(detail.settings) : null;
    const key = JSON.stringify([post.group ?? post.id, Date.parse(post.publishDate), blocks]);
    const account = { id: post.integration.id, name: post.integration.name ?? post.integration.id };
    const into = records.find(
      (r) =>
        r.key === key &&
        !r.accounts.some((a) => a.id === account.id) &&
        (platform === null ||
          r.settings[platform] === undefined ||
          same(r.settings[platform], settings ?? {})),
    );
    if (into) {
      into.accounts.push(account);
      into.postIds.push(post.id);
      if (platform && settings && Object.keys(settings).length > 0) into.settings[platform] = settings;
      continue;
    }
    const linkCampaigns = campaignsInLinks(
      blocks.map((b) => b.text),
      { URL, URLSearchParams },
    );
    records.push({
      key,
      blocks,
      ...(linkCampaigns.length > 0 ? { linkCampaigns } : {}),
      accounts: [account],
      date: zonedIso(post.publishDate, timezone),
      settings: platform && settings && Object.keys(settings).length > 0 ? { [platform]: settings } : {},
      state: post.state,
      postIds: [post.id],
    });
  }
  return records.map(({ key: _key, ...record }) => record);
}
