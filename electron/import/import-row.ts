import { createHash } from 'node:crypto';
import type { Draft, DraftBlock, DraftMedia, DraftTarget } from '../../shared/drafts/ipc.js';
import type { ImportProblem, ImportRowView } from '../../shared/import/ipc.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import { mediaKindFromPath } from '../../shared/platforms/validate.js';
import { wallTimeToInstant } from '../../shared/queue/slots.js';
import {
  blockMediaColumn,
  blockTextColumn,
  COLUMN,
  listCell as list,
  SETTING_COLUMN,
  splitBlocks,
} from '../../shared/posts-file/columns.js';
import { createPayloadFromDraft, validateCreatePayload } from '../outbox/create-request.js';
import { whyTimePassed } from '../../shared/posts/time-passed.js';

/*
 * Pure (Node for the hash). One import row: its cells read as a post (thread
 * blocks, accounts by id or name, a time in the brand's zone or "queue", media URLs, settings per
 * platform), checked with the same platform rules the composer and the service use.
 * The columns are described once in shared/posts-file/columns.ts (export writes the same ones);
 * the reference users read is samples/README.md; keep the two in step.
 */

export interface RowContext {
  integrations: readonly IntegrationView[];
  timezone: string;
  now: number;
  imported: (fingerprint: string) => boolean;
  /**
   * Whether every one of these accounts already has a post at this instant with these block texts
   * (a file exported from Postdeck, imported back): such a row creates nothing.
   */
  present?: (accountIds: readonly string[], date: string, texts: readonly string[]) => boolean;
  /** Whether an account has posting slots (its own or the brand default), for rows set to "queue". */
  hasSlots: (integrationId: string) => boolean;
}

/** A checked row, and what to send when it has no problem. */
export interface CheckedRow {
  view: ImportRowView;
  fingerprint: string;
  blocks: DraftBlock[];
  targets: DraftTarget[];
  /** The brand already has this post (same accounts, time and text), whoever made it. */
  present: boolean;
  /** `state` draft (as export writes a draft): created as a draft, not scheduled. */
  type: 'draft' | 'schedule';
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;
const HAS_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Cells by lower-case column name, trimmed. */
function lowerKeys(cells: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(cells).map(([k, v]) => [k.trim().toLowerCase(), v]));
}

/** Text blocks: `text` split on lines of `---`, then `text_2`, `text_3`… in order. */
function blockTexts(cells: Map<string, string>): string[] {
  const blocks = splitBlocks(cells.get(COLUMN.text) ?? '');
  for (let n = 1; cells.has(blockTextColumn(n)); n += 1) {
    const more = cells.get(blockTextColumn(n)) ?? '';
    if (more.trim() !== '') blocks.push(more);
  }
  return blocks;
}

function readDate(cells: Map<string, string>, ctx: RowContext, problem: (f: string, m: string) => void) {
  const raw = [cells.get(COLUMN.date) ?? '', cells.get(COLUMN.time) ?? '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  if (raw === '') {
    problem('date', 'Give a date and time (2026-12-01 09:30, in the brand’s zone) or write queue.');
    return { date: null, queue: false, at: null };
  }
  if (raw.toLowerCase() === 'queue') return { date: null, queue: true, at: null };
  let ms = Number.NaN;
  const local = LOCAL_TIME.exec(raw);
  if (local) {
    const [y, mo, d, h, mi] = local.slice(1).map(Number) as [number, number, number, number, number];
    const check = new Date(Date.UTC(y, mo - 1, d, h, mi));
    if (check.getUTCMonth() === mo - 1 && check.getUTCDate() === d && h < 24 && mi < 60) {
      ms = wallTimeToInstant(ctx.timezone, y, mo - 1, d, h, mi);
    }
  } else if (HAS_OFFSET.test(raw)) {
    ms = Date.parse(raw);
  }
  if (Number.isNaN(ms)) {
    problem(
      'date',
      `“${raw.slice(0, 40)}” is not a time; write 2026-12-01 09:30 (brand’s zone), an ISO time with offset, or queue.`,
    );
    return { date: null, queue: false, at: null };
  }
  // `at` is kept for a past time too: a past post exported from the calendar is found as present.
  const at = new Date(ms).toISOString();
  const passed = whyTimePassed(ms, ctx.now, 'queue');
  if (passed) {
    problem('date', passed);
    return { date: null, queue: false, at };
  }
  return { date: at, queue: false, at };
}

function readAccounts(cells: Map<string, string>, ctx: RowContext, problem: (f: string, m: string) => void) {
  const found: IntegrationView[] = [];
  /** Every account the row names that exists, usable or not (a disconnected one's old posts still count as present). */
  const named: IntegrationView[] = [];
  const wanted = list(cells.get(COLUMN.accounts));
  if (wanted.length === 0)
    problem('accounts', 'Name at least one account (its id or name; several separated by ;).');
  // An exported file names accounts by id, with their names beside them: in another brand or
  // service, where the ids differ, the name at the same place finds the account.
  const names = list(cells.get(COLUMN.accountNames));
  const byNameOf = (name: string) =>
    ctx.integrations.filter((i) => i.name.toLowerCase() === name.toLowerCase());
  for (const [n, ref] of wanted.entries()) {
    const byId = ctx.integrations.find((i) => i.id === ref);
    const byName = byNameOf(ref);
    const alias = names.length === wanted.length ? byNameOf(names[n] ?? '') : [];
    const account =
      byId ??
      (byName.length === 1 ? byName[0] : undefined) ??
      (byName.length === 0 && alias.length === 1 ? alias[0] : undefined);
    if (account && !named.includes(account)) named.push(account);
    if (!account) {
      problem(
        'accounts',
        byName.length > 1
          ? `Several accounts are named “${ref}”; use the account id instead.`
          : `No account “${ref}” in this brand; use an account id or name from the accounts list.`,
      );
    } else if (account.disconnected) {
      problem('accounts', `${account.name} is disconnected; reconnect it or remove it from this row.`);
    } else if (!account.platform) {
      problem(
        'accounts',
        `The platform of ${account.name} is not known; add the account with its platform first.`,
      );
    } else if (!found.includes(account)) {
      found.push(account);
    }
  }
  return { found, named };
}

function readMedia(
  raw: string | undefined,
  problem: (f: string, m: string) => void,
  field: string,
): DraftMedia[] {
  return list(raw).flatMap((url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      problem(field, `“${url.slice(0, 60)}” is not a web address; media are given as http(s) URLs.`);
      return [];
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      problem(field, `“${url.slice(0, 60)}” is not an http(s) address.`);
      return [];
    }
    const name = decodeURIComponent(parsed.pathname.split('/').pop() || parsed.hostname);
    return [
      {
        localPath: null,
        mediaId: null,
        path: url,
        thumbnail: null,
        name,
        kind: mediaKindFromPath({ id: url, path: parsed.pathname }) ?? 'image',
      },
    ];
  });
}

/** Strings "true"/"false" become booleans: CSV has no other way to say them. */
const settingValue = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);

function readSettings(
  cells: Map<string, string>,
  problem: (f: string, m: string) => void,
): Map<string, Record<string, unknown>> {
  const byPlatform = new Map<string, Record<string, unknown>>();
  const put = (platform: string, field: string, value: unknown) => {
    byPlatform.set(platform, { ...(byPlatform.get(platform) ?? {}), [field]: settingValue(value) });
  };
  const json = (cells.get(COLUMN.settings) ?? '').trim();
  if (json !== '') {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      value = null;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      problem(
        'settings',
        'settings is JSON keyed by platform, e.g. {"youtube": {"title": "…", "type": "public"}}.',
      );
    } else {
      for (const [platform, fields] of Object.entries(value)) {
        if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
          for (const [k, v] of Object.entries(fields)) put(platform, k, v);
        } else problem('settings', `settings.${platform} must be an object of fields.`);
      }
    }
  }
  for (const [column, value] of cells) {
    const m = SETTING_COLUMN.exec(column);
    if (m?.[1] && m[2] && value.trim() !== '') put(m[1], m[2], value.trim());
  }
  return byPlatform;
}

/** Where a platform-rule problem belongs in the row: the column a user would edit. */
function fieldOf(path: string, platform: string): string {
  const block = /^value\.(\d+)\.(content|image)$/.exec(path);
  if (block) {
    const n = Number(block[1]);
    if (block[2] === 'image') return blockMediaColumn(n);
    return 'text';
  }
  if (path.startsWith('settings.')) return `settings.${platform}.${path.slice('settings.'.length)}`;
  return path === 'value' ? 'text' : path;
}

export function fingerprintOf(
  accountIds: readonly string[],
  when: string,
  blocks: readonly string[],
): string {
  const key = JSON.stringify([[...accountIds].sort(), when, blocks.map((b) => b.trim())]);
  return createHash('sha256').update(key).digest('hex');
}

/** Reads and checks one row; every problem lands on the row, nothing is sent. */
export function checkRow(index: number, cells: Record<string, string>, ctx: RowContext): CheckedRow {
  const problems: ImportProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  const lower = lowerKeys(cells);
  const texts = blockTexts(lower);
  const blocks: DraftBlock[] = texts.map((content, b) => ({
    content,
    media: readMedia(lower.get(blockMediaColumn(b)), problem, blockMediaColumn(b)),
  }));
  const { found, named } = readAccounts(lower, ctx, problem);
  const accounts = found.flatMap((a) => (a.platform ? [{ ...a, platform: a.platform }] : []));
  const { date, queue, at } = readDate(lower, ctx, problem);
  if (queue) {
    for (const a of accounts.filter((acc) => !ctx.hasSlots(acc.id))) {
      problem('date', `${a.name} has no posting slots for queue; add some under Queue, or give a date.`);
    }
  }
  const settings = readSettings(lower, problem);
  const targets: DraftTarget[] = accounts.map((a) => ({
    integrationId: a.id,
    platform: a.platform,
    settings: { ...(settings.get(a.platform) ?? {}), __type: a.platform },
    blocks: null,
  }));
  const type = (lower.get(COLUMN.state) ?? '').trim().toLowerCase() === 'draft' ? 'draft' : 'schedule';
  if (targets.length > 0) {
    const payload = createPayloadFromDraft(
      importedDraft({ id: 'import', brandId: null, blocks, targets, date, at: '' }),
      type,
      date ?? new Date(ctx.now).toISOString(),
    );
    for (const issue of validateCreatePayload(payload)) {
      const account = issue.target === null ? undefined : accounts[issue.target];
      problem(
        fieldOf(issue.path, account?.platform ?? 'post'),
        `${account?.name ?? 'Account'}: ${issue.message}`,
      );
    }
  }
  const accountIds = accounts.map((a) => a.id);
  const fingerprint = fingerprintOf(accountIds, date ?? 'queue', texts);
  const namedIds = named.map((a) => a.id);
  const present =
    at !== null && namedIds.length > 0 && ctx.present !== undefined && ctx.present(namedIds, at, texts);
  return {
    view: {
      index,
      cells,
      text: texts[0] ?? '',
      accounts: accounts.map((a) => ({ id: a.id, name: a.name, platform: a.platform })),
      // A post already there shows at its time, past or not (it is skipped, never sent).
      date: date ?? (present ? at : null),
      queue,
      problems,
      alreadyImported: present || ctx.imported(fingerprint),
    },
    fingerprint,
    blocks,
    targets,
    present,
    type,
  };
}

/** The draft an imported row becomes: its blocks and accounts, no thread delays, no short links. */
export function importedDraft(row: {
  id: string;
  brandId: string | null;
  blocks: DraftBlock[];
  targets: DraftTarget[];
  date: string | null;
  at: string;
}): Draft {
  return {
    id: row.id,
    brandId: row.brandId,
    blocks: row.blocks,
    targets: row.targets,
    commentDelays: [],
    shortLink: false,
    date: row.date,
    replacesGroup: null,
    createdAt: row.at,
    updatedAt: row.at,
  };
}
