import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ALL_SCOPES, type Scope } from '../../shared/api/scopes.js';
import type { PostState } from '../../shared/api/resources.js';
import { PLATFORM_TYPES, type PlatformType } from '../../shared/platforms/types.js';
import { writeThumbnail } from '../media/thumbnail.js';
import { releaseUrl } from '../publisher/release-url.js';
import type { SandboxKey, SandboxKeyLabel } from '../sandbox-file.js';
import type { AccountStore, IntegrationRecord } from '../store/accounts.js';
import type { Db } from '../store/db.js';
import { newId } from '../store/ids.js';
import type { MediaRecord, MediaStore } from '../store/media.js';
import type { NewPost, PostStore, StoredBlock } from '../store/posts.js';
import { DEMO_TEXTS, DEMO_THREAD, demoSettings } from './demo-content.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const PLATFORM_COLORS: Record<PlatformType, string> = {
  x: '#111111',
  instagram: '#c13584',
  linkedin: '#0a66c2',
  'linkedin-page': '#004182',
  facebook: '#1877f2',
  threads: '#333333',
  tiktok: '#ff0050',
  youtube: '#ff0000',
  bluesky: '#1185fe',
};

const DEMO_ACCOUNT_NAMES: Record<PlatformType, string> = {
  x: 'Harbor Coffee',
  instagram: 'harbor.coffee',
  linkedin: 'Maya Chen',
  'linkedin-page': 'Harbor Coffee Co.',
  facebook: 'Harbor Coffee Roasters',
  threads: 'harbor.coffee',
  tiktok: 'harborcoffee',
  youtube: 'Harbor Coffee TV',
  bluesky: 'harborcoffee',
};

interface Stores {
  db: Db;
  accounts: AccountStore;
  posts: PostStore;
  media: MediaStore;
  mediaDir: string;
}

/** A smallest valid MP4 header: enough for the sniffer; the demo has no real footage to ship. */
const DEMO_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2avc1mp41', 'latin1'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('free', 'latin1'),
]);

async function avatar(mediaDir: string, i: IntegrationRecord): Promise<string> {
  const file = `avatar_${i.id}.webp`;
  const initial = (i.name.replace(/[^A-Za-z]/g, '')[0] ?? '?').toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128">
    <circle cx="64" cy="64" r="64" fill="${PLATFORM_COLORS[i.platform]}"/>
    <text x="64" y="84" font-family="sans-serif" font-size="60" font-weight="bold" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
  await sharp(Buffer.from(svg)).webp().toFile(join(mediaDir, file));
  return file;
}

async function demoImage(
  s: Stores,
  organizationId: string,
  name: string,
  color: string,
  label: string,
): Promise<MediaRecord> {
  const id = newId('media_');
  const file = `${id}.png`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <rect width="100%" height="100%" fill="${color}"/>
    <text x="400" y="420" font-family="sans-serif" font-size="64" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(join(s.mediaDir, file));
  const thumb = `${id}.thumb.webp`;
  await writeThumbnail(join(s.mediaDir, file), 'image', join(s.mediaDir, thumb));
  const size = (await sharp(join(s.mediaDir, file)).metadata()).size ?? 0;
  const record: MediaRecord = {
    id,
    organization_id: organizationId,
    name,
    file,
    thumbnail_file: thumb,
    mime: 'image/png',
    kind: 'image',
    size,
    alt: label,
  };
  s.media.insert(record);
  return record;
}

async function demoVideo(s: Stores, organizationId: string): Promise<MediaRecord> {
  const id = newId('media_');
  const file = `${id}.mp4`;
  writeFileSync(join(s.mediaDir, file), DEMO_MP4);
  const thumb = `${id}.thumb.webp`;
  await writeThumbnail(join(s.mediaDir, file), 'video', join(s.mediaDir, thumb));
  const record: MediaRecord = {
    id,
    organization_id: organizationId,
    name: 'roastery-tour.mp4',
    file,
    thumbnail_file: thumb,
    mime: 'video/mp4',
    kind: 'video',
    size: DEMO_MP4.length,
    alt: null,
  };
  s.media.insert(record);
  return record;
}

/** Builds one demo post in the state its date implies, with release URLs for what went out. */
function demoPost(
  i: IntegrationRecord,
  publishDate: number,
  texts: readonly string[],
  opts: {
    state?: PostState;
    group?: string;
    image?: MediaRecord[];
    delays?: number[];
    error?: string;
    now: number;
  },
): NewPost {
  const id = newId('post_');
  const state: PostState = opts.state ?? (publishDate < opts.now ? 'published' : 'scheduled');
  const published = state === 'published';
  const blocks: StoredBlock[] = texts.map((content, b) => {
    const at = publishDate + 2000 + b * ((opts.delays?.[b - 1] ?? 0) * MINUTE);
    return {
      content,
      image: b === 0 ? (opts.image ?? []).map((m) => ({ id: m.id, path: m.file })) : [],
      releaseURL: published ? releaseUrl(i.platform, i.handle, id, b) : null,
      publishedAt: published ? at : null,
    };
  });
  return {
    id,
    groupId: opts.group ?? newId('group_'),
    brandId: i.brand_id,
    integrationId: i.id,
    state,
    publishDate,
    blocks,
    settings: demoSettings(i.platform, texts[0] ?? 'Demo'),
    commentDelays: opts.delays ?? null,
    shortLink: false,
    blocksPublished: published ? blocks.length : 0,
    releaseUrl: blocks[0]?.releaseURL ?? null,
    publishedAt: blocks[0]?.publishedAt ?? null,
    error: opts.error ?? null,
    createdAt: Math.min(opts.now, publishDate) - 3 * DAY,
  };
}

/** Media each platform needs on a plain post: Instagram and TikTok an image, YouTube its video. */
function mediaFor(platform: PlatformType, image: MediaRecord, video: MediaRecord): MediaRecord[] {
  if (platform === 'youtube') return [video];
  if (platform === 'instagram' || platform === 'tiktok') return [image];
  return [];
}

/**
 * Seeds an empty sandbox: two organizations, their brands and accounts, a month of posts around
 * `now` in every state, and the labelled API keys. Returns the keys with their tokens in clear.
 */
export async function seedDemo(s: Stores, now = Date.now()): Promise<SandboxKey[]> {
  const { accounts } = s;
  const org1 = accounts.createOrganization('Harbor & Pine Studio', now);
  const user1 = accounts.createUser(org1.id, 'maya@harborandpine.example', 'Maya Chen');
  const brand1 = accounts.createBrand(org1.id, 'Harbor Coffee');
  const brand2 = accounts.createBrand(org1.id, 'Pine Trail Outfitters');
  const org2 = accounts.createOrganization('Lumen Labs', now + 1);
  const user2 = accounts.createUser(org2.id, 'sam@lumenlabs.example', 'Sam Okafor');
  const brand3 = accounts.createBrand(org2.id, 'Lumen Labs');

  const b1 = PLATFORM_TYPES.map((p) =>
    accounts.createIntegration({ brandId: brand1.id, platform: p, name: DEMO_ACCOUNT_NAMES[p] }),
  );
  const gone = accounts.createIntegration({
    brandId: brand1.id,
    platform: 'facebook',
    name: 'Harbor Coffee Events',
    disconnected: true,
  });
  const b2 = (['instagram', 'x', 'tiktok', 'youtube'] as const).map((p) =>
    accounts.createIntegration({
      brandId: brand2.id,
      platform: p,
      name: p === 'x' ? 'Pine Trail' : 'pinetrail.outfitters',
    }),
  );
  const b3 = (['x', 'linkedin-page'] as const).map((p) =>
    accounts.createIntegration({ brandId: brand3.id, platform: p, name: 'Lumen Labs' }),
  );
  for (const i of [...b1, gone, ...b2, ...b3])
    accounts.setIntegrationPicture(i.id, await avatar(s.mediaDir, i));

  const img1 = await demoImage(s, org1.id, 'huila-beans.png', '#8d5b3f', 'Huila, Colombia');
  const img2 = await demoImage(s, org1.id, 'ridge-loop.png', '#3f6b4f', 'Ridge loop');
  const video1 = await demoVideo(s, org1.id);
  const img3 = await demoImage(s, org2.id, 'research-notes.png', '#33415c', 'Research notes');

  const day0 = new Date(now);
  day0.setUTCHours(0, 0, 0, 0);
  const at = (day: number, hour: number, minute = 0) =>
    day0.getTime() + day * DAY + hour * HOUR + minute * MINUTE;
  const posts: NewPost[] = [];

  // Brand 1: one post a day from two weeks back to two weeks ahead, rotating accounts and hours.
  for (let d = -14; d <= 14; d++) {
    const k = d + 14;
    const i = b1[k % b1.length] as IntegrationRecord;
    const date = at(d, 8 + ((k * 5) % 11), [0, 15, 30, 45][k % 4]);
    const state: PostState | undefined = k % 7 === 3 ? 'draft' : undefined;
    posts.push(
      demoPost(i, date, [DEMO_TEXTS[k % DEMO_TEXTS.length] as string], {
        state,
        image: mediaFor(i.platform, img1, video1),
        now,
      }),
    );
  }
  const [x1, , linkedin1, page1, facebook1, threads1, , , bluesky1] = b1 as [
    IntegrationRecord,
    ...IntegrationRecord[],
  ];
  // A thread that went out five days ago, one still going out, and one scheduled ahead.
  posts.push(demoPost(x1, at(-5, 9, 30), DEMO_THREAD, { delays: [1, 1, 2], now }));
  const running = demoPost(x1, now - 2 * MINUTE, DEMO_THREAD, {
    state: 'publishing',
    delays: [10, 10, 10],
    now,
  });
  const firstBlock = running.blocks[0] as StoredBlock;
  firstBlock.releaseURL = releaseUrl('x', x1.handle, running.id, 0);
  firstBlock.publishedAt = now - 2 * MINUTE + 2000;
  posts.push({
    ...running,
    blocksPublished: 1,
    releaseUrl: firstBlock.releaseURL,
    publishedAt: firstBlock.publishedAt,
  });
  posts.push(demoPost(threads1 as IntegrationRecord, at(4, 17), DEMO_THREAD, { delays: [5, 5, 5], now }));
  // Multi-account groups: one published last week, one scheduled for the day after tomorrow.
  const pastGroup = newId('group_');
  for (const i of [linkedin1, page1, facebook1] as IntegrationRecord[]) {
    posts.push(demoPost(i, at(-6, 11), [DEMO_TEXTS[10] as string], { group: pastGroup, now }));
  }
  const nextGroup = newId('group_');
  for (const i of [x1, bluesky1, threads1, linkedin1] as IntegrationRecord[]) {
    posts.push(demoPost(i, at(2, 10), [DEMO_TEXTS[4] as string], { group: nextGroup, now }));
  }
  // A failure: the account was disconnected when its time came.
  posts.push(
    demoPost(gone, at(-3, 18), [DEMO_TEXTS[4] as string], {
      state: 'error',
      error:
        'The Facebook account "Harbor Coffee Events" is disconnected; reconnect it in the dashboard, then reschedule the post.',
      now,
    }),
  );
  posts.push(demoPost(gone, at(6, 12), [DEMO_TEXTS[14] as string], { now }));

  // Brand 2: fewer posts, every few days.
  for (let d = -12; d <= 12; d += 3) {
    const k = (d + 12) / 3;
    const i = b2[k % b2.length] as IntegrationRecord;
    posts.push(
      demoPost(i, at(d, 7 + ((k * 3) % 10), 30), [DEMO_TEXTS[6 + (k % 4)] as string], {
        state: k === 5 ? 'draft' : undefined,
        image: mediaFor(i.platform, img2, video1),
        now,
      }),
    );
  }
  // Organization 2.
  for (let d = -9; d <= 9; d += 6) {
    const k = (d + 9) / 6;
    const i = b3[k % b3.length] as IntegrationRecord;
    posts.push(demoPost(i, at(d, 14), [DEMO_TEXTS[10 + k] as string], { image: k === 1 ? [img3] : [], now }));
  }
  s.posts.insertMany(posts);

  const keySpecs: {
    label: SandboxKeyLabel;
    org: typeof org1;
    user: typeof user1;
    scopes: readonly Scope[];
    brands: string[] | null;
    mode?: 'test';
    revoked?: boolean;
  }[] = [
    { label: 'full-live', org: org1, user: user1, scopes: ALL_SCOPES, brands: null },
    { label: 'full-test', org: org1, user: user1, scopes: ALL_SCOPES, brands: null, mode: 'test' },
    {
      label: 'scheduler',
      org: org1,
      user: user1,
      scopes: ['posts:write', 'media:write', 'brands:read'],
      brands: null,
    },
    { label: 'posts-read', org: org1, user: user1, scopes: ['posts:read'], brands: null },
    { label: 'posts-write', org: org1, user: user1, scopes: ['posts:write'], brands: null },
    { label: 'media-write', org: org1, user: user1, scopes: ['media:write'], brands: null },
    { label: 'analytics-read', org: org1, user: user1, scopes: ['analytics:read'], brands: null },
    { label: 'brands-read', org: org1, user: user1, scopes: ['brands:read'], brands: null },
    { label: 'brand1-only', org: org1, user: user1, scopes: ALL_SCOPES, brands: [brand1.id] },
    { label: 'revoked', org: org1, user: user1, scopes: ALL_SCOPES, brands: null, revoked: true },
    { label: 'other-org', org: org2, user: user2, scopes: ALL_SCOPES, brands: null },
  ];
  return keySpecs.map((k) => {
    const { token, record } = accounts.createApiKey({
      label: k.label,
      organizationId: k.org.id,
      userId: k.user.id,
      mode: k.mode ?? 'live',
      scopes: k.scopes,
      brandIds: k.brands,
      revoked: k.revoked,
    });
    return {
      label: k.label,
      token,
      organizationId: k.org.id,
      scopes: record.scopes,
      brandIds: record.brand_ids,
      revoked: k.revoked ?? false,
    };
  });
}
