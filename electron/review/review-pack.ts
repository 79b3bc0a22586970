import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { PostDetail } from '../../shared/api/resources.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { CalendarPost, PostRange } from '../../shared/posts/ipc.js';
import { MAX_PACK_POSTS, type PackData, type PackPost } from '../../shared/review/model.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { AppFailure } from '../core/app-failure.js';
import type { OutboxRecord } from '../outbox/outbox-repo.js';
import { writeAtomically, type ChooseSavePath } from '../export/export-service.js';
import { AVATAR_EDGE, PackMedia } from './pack-media.js';
import { packAssets, packHtml } from './pack-page.js';
import type { ReviewLens } from './review-lens.js';
import type { PackItem } from './review-repo.js';

/*
 * Makes a review pack: the chosen posts of one brand, grouped as the calendar groups them (a post
 * group is one verdict), each account's copy drawn as its network shows it, pictures embedded, in
 * one HTML file (or its PDF). The pack's id and what each post looked like are recorded through
 * the posts module, so the reply can be checked against them.
 */

/** Posts read from the service at once. */
const PARALLEL = 4;

export interface ReviewPackOptions {
  now: () => Date;
  timezone: (active: ActiveBrand) => string;
  brandName: (active: ActiveBrand) => string;
  lens: ReviewLens;
  /** The posts the calendar shows in a range (the all-brands read yields between brands, so it may wait). */
  postsInRange: (range: PostRange) => CalendarPost[] | Promise<CalendarPost[]>;
  postsById: (ids: readonly string[]) => CalendarPost[];
  outboxOp: (id: string) => OutboxRecord | null;
  detail: (id: string) => Promise<PostDetail>;
  savedDetail: (id: string) => PostDetail | null;
  record: (active: ActiveBrand, packId: string, items: readonly PackItem[]) => void;
  chooseSavePath?: ChooseSavePath;
  /** Renders the pack's page as a PDF (Electron: printToPDF; the test bridge: Chromium's page.pdf). */
  printToPdf?: (html: string) => Promise<Uint8Array>;
  fetch?: typeof fetch;
}

/** A colour for brands that never chose one: steady per brand, readable under white text. */
export function defaultBrandColour(brandId: string): string {
  const colours = ['#3b5bdb', '#0b7285', '#5f3dc4', '#2b8a3e', '#c2255c', '#e8590c', '#1864ab'];
  let h = 0;
  for (const ch of brandId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return colours[h % colours.length] ?? '#3b5bdb';
}

export class ReviewPackService {
  constructor(private readonly o: ReviewPackOptions) {}

  async exportReviewPack(
    active: ActiveBrand,
    input: IpcInput<'exportReviewPack'>,
  ): Promise<IpcOutput<'exportReviewPack'>> {
    if (input.format === 'pdf' && !this.o.printToPdf)
      throw new AppFailure('INTERNAL', 'Saving a PDF is not available in this build.');
    if (!this.o.chooseSavePath)
      throw new AppFailure('INTERNAL', 'Saving files is not available in this build.');
    const shown = await (input.scope.kind === 'range'
      ? this.o.postsInRange({ start: input.scope.start, end: input.scope.end })
      : this.o.postsById(input.scope.postIds));
    const built = await this.build(active, shown, input.scope.kind === 'range' ? input.scope : null);
    if (built.data.posts.length === 0)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'There are no posts to review here; pick posts or a range that has some.',
      );
    const path = await this.o.chooseSavePath({
      defaultName: `${built.data.brandName.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'Postdeck'} review ${built.data.range.from}.${input.format}`,
      format: input.format,
    });
    if (path === null) return { path: null, posts: built.data.posts.length, skipped: built.skipped };
    const target = extname(path) === '' ? `${path}.${input.format}` : path;
    const html = packHtml(built.data, await packAssets());
    await writeAtomically(
      target,
      input.format === 'pdf' && this.o.printToPdf ? await this.o.printToPdf(html) : html,
    );
    this.o.record(
      active,
      built.data.packId,
      built.data.posts.map((p) => ({
        key: p.key,
        seen: p.seen,
        ...(p.step ? { step: p.step.index } : {}),
      })),
    );
    return { path: target, posts: built.data.posts.length, skipped: built.skipped };
  }

  /** The pack's data: one entry per post group, in time order, pictures embedded. */
  async build(
    active: ActiveBrand,
    shown: readonly CalendarPost[],
    range: PostRange | null,
  ): Promise<{ data: PackData; skipped: number }> {
    const tz = this.o.timezone(active);
    const ops = new Map<string, OutboxRecord>();
    const groups = new Map<string, CalendarPost[]>();
    let skipped = 0;
    for (const post of shown) {
      const local = /^local:(.+):\d+$/.exec(post.id);
      if (local) {
        const op = this.o.outboxOp(local[1] ?? '');
        if (op) ops.set(op.id, op);
      }
      const subject = this.o.lens.subjectOfPost(post, ops);
      if (subject.startsWith('post:')) {
        skipped++;
        continue;
      }
      groups.set(subject, [...(groups.get(subject) ?? []), post]);
    }
    if (groups.size > MAX_PACK_POSTS)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `A review pack holds at most ${MAX_PACK_POSTS.toLocaleString('en')} posts; choose fewer.`,
      );
    const media = new PackMedia(this.o.fetch);
    const entries = [...groups.entries()];
    const posts: (PackPost | null)[] = new Array<PackPost | null>(entries.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < entries.length) {
        const i = next++;
        const [subject, members] = entries[i]!;
        posts[i] = await this.entry(active, subject, members, tz, media);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, entries.length) }, worker));
    const kept = posts
      .filter((p): p is PackPost => p !== null)
      .sort((a, b) => Date.parse(a.publishDate) - Date.parse(b.publishDate));
    skipped += entries.length - kept.length;
    const day = (iso: string) => format(new TZDate(Date.parse(iso), tz), 'd MMM yyyy');
    const first = range?.start ?? kept[0]?.publishDate ?? this.o.now().toISOString();
    const last = range
      ? new Date(Date.parse(range.end) - 1).toISOString()
      : (kept.at(-1)?.publishDate ?? first);
    const settings = this.o.lens.settings(active);
    return {
      data: {
        packId: randomUUID(),
        brandId: active.brandId,
        brandName: this.o.brandName(active),
        brandColour: settings.colour ?? defaultBrandColour(active.brandId),
        range: { from: day(first), to: day(last) },
        madeAt: this.o.now().toISOString(),
        posts: kept,
      },
      skipped,
    };
  }

  private async entry(
    active: ActiveBrand,
    subject: string,
    members: readonly CalendarPost[],
    tz: string,
    media: PackMedia,
  ): Promise<PackPost | null> {
    const now = this.o.lens.current(active, subject);
    if (!now) return null;
    const first = members[0]!;
    const record = this.o.lens.recordOf(active, subject);
    // The step this pack asks about: the one the post waits at now.
    const place = this.o.lens.stepOf(active, record);
    const step = this.o.lens.settings(active).flow[place.index];
    const accounts = now.op
      ? await this.localAccounts(now.op, members, media)
      : await this.serviceAccounts(members, media);
    return {
      key: subject,
      seen: now.seen,
      publishDate: first.publishDate,
      when: format(new TZDate(Date.parse(first.publishDate), tz), 'EEE d MMM yyyy · HH:mm'),
      state: record?.state ?? 'draft',
      comment: record?.comment ?? null,
      step: { ...place, approvers: step?.approvers ?? [], rule: step?.rule ?? 'any' },
      accounts,
    };
  }

  private async avatar(picture: string | null, media: PackMedia): Promise<string | null> {
    return picture ? ((await media.embed({ url: picture }, AVATAR_EDGE))?.src ?? null) : null;
  }

  private async serviceAccounts(members: readonly CalendarPost[], media: PackMedia) {
    return Promise.all(
      members.map(async (post) => {
        const detail = this.o.savedDetail(post.id) ?? (await this.o.detail(post.id).catch(() => null));
        const blocks = detail
          ? await Promise.all(
              detail.value.map(async (b) => ({
                text: b.content,
                media: await Promise.all(
                  (b.image ?? []).map(async (m) => {
                    const e = await media.embed({ url: m.path });
                    return e
                      ? { src: e.src, kind: 'image' as const, width: e.width, height: e.height }
                      : { src: null, kind: 'image' as const };
                  }),
                ),
              })),
            )
          : [
              {
                text: post.content,
                media: post.thumbnail
                  ? [
                      await media
                        .embed({ url: post.thumbnail })
                        .then((e) =>
                          e
                            ? { src: e.src, kind: 'image' as const, width: e.width, height: e.height }
                            : { src: null, kind: 'image' as const },
                        ),
                    ]
                  : [],
              },
            ];
        return {
          platform: post.integration.platform ?? 'x',
          name: post.integration.name ?? 'Account',
          picture: await this.avatar(post.integration.picture, media),
          blocks,
          ...(detail ? { settings: detail.settings } : {}),
        };
      }),
    );
  }

  private async localAccounts(op: OutboxRecord, members: readonly CalendarPost[], media: PackMedia) {
    if (op.kind !== 'create' && op.kind !== 'edit') return [];
    return Promise.all(
      op.payload.targets.map(async (t, i) => {
        const shownAs = members.find((m) => m.id.endsWith(`:${i}`)) ?? members[0];
        return {
          platform: t.platform,
          name: shownAs?.integration.name ?? 'Account',
          picture: await this.avatar(shownAs?.integration.picture ?? null, media),
          blocks: await Promise.all(
            t.blocks.map(async (b) => ({
              text: b.content,
              media: await Promise.all(
                b.media.map(async (m) => {
                  const source = m.localPath ? { path: m.localPath } : m.path ? { url: m.path } : null;
                  const e = source && m.kind === 'image' ? await media.embed(source) : null;
                  return e
                    ? { src: e.src, kind: m.kind, width: e.width, height: e.height }
                    : { src: null, kind: m.kind };
                }),
              ),
            })),
          ),
          settings: t.settings,
        };
      }),
    );
  }
}
