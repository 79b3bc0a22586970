import { z } from 'zod';
import { normalizePostState } from '../../shared/api/resources.js';
import {
  SearchQuery,
  type SearchHit,
  type SearchResult,
  type SearchState,
  type SnippetSegment,
} from '../../shared/search/ipc.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRows, sqlInt } from '../store/rows.js';
import { buildMatchQuery } from './match-query.js';

/*
 * Full-text search over a profile's cached posts, local drafts and queued
 * creates, offline: the FTS5 index the migration builds and the triggers keep right (see
 * migrations.ts, "full-text search index"). Callers: the searchPosts IPC method, export ("export a
 * search") and bulk selection ("select all matching"); they all pass a SearchQuery.
 */

export const DEFAULT_SEARCH_LIMIT = 50;
/** Words of context a snippet shows around what matched. */
const SNIPPET_TOKENS = 14;
/** Characters of a post's text a match without words (a label alone) shows. */
const PLAIN_SNIPPET_CHARS = 120;
const MARK_START = '\u0002';
const MARK_END = '\u0003';
const MARKS = new RegExp(`([${MARK_START}${MARK_END}])`, 'u');

const HitRow = z.object({
  source: z.enum(['post', 'draft', 'outbox']),
  profile_id: z.string(),
  ref_id: z.string(),
  brand_id: z.string().nullable(),
  state: z.string(),
  date_ms: sqlInt.nullable(),
  accounts_json: jsonText(z.array(z.string().nullable())),
  platforms_json: jsonText(z.array(z.string().nullable())),
  snippet_body: z.string().nullable(),
  snippet_link: z.string().nullable(),
});

/** A snippet marked with char(2)…char(3) as pieces, so the window highlights without HTML. */
export function snippetSegments(marked: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let match = false;
  for (const piece of marked.split(MARKS)) {
    if (piece === MARK_START) match = true;
    else if (piece === MARK_END) match = false;
    else if (piece !== '') {
      const last = segments.at(-1);
      if (last && last.match === match) last.text += piece;
      else segments.push({ text: piece, match });
    }
  }
  return segments;
}

/** The service's state names in the index that mean one of `states` (the same rule the calendar uses). */
function storedStates(db: AppDatabase, profileId: string, states: readonly SearchState[]): string[] {
  const wanted = new Set<string>(states);
  // One index seek per distinct state (a loose index scan): DISTINCT would read all 100,000 entries.
  const rows = db.sql
    .prepare(
      `WITH RECURSIVE s(state) AS (
         SELECT min(state) FROM search_docs WHERE profile_id = ?1
         UNION ALL
         SELECT (SELECT min(state) FROM search_docs WHERE profile_id = ?1 AND state > s.state) FROM s WHERE s.state IS NOT NULL
       )
       SELECT state FROM s WHERE state IS NOT NULL`,
    )
    .all(profileId) as { state: unknown }[];
  return rows
    .map((r) => String(r.state))
    .filter((raw) =>
      wanted.has(raw === 'localDraft' || raw === 'outbox' ? raw : (normalizePostState(raw) ?? raw)),
    );
}

/** Documents' ids are their date in ms times 2^20 plus a counter (migrations.ts, "full-text search index"). */
const DOC_ID_BLOCK = 2 ** 20;
const DATE_CLAMP_MS = 2 ** 43 - 1;
/** The first id of a date's block, as a BigInt: ids pass 2^53, beyond what a JavaScript number holds exactly. */
const docIdFloor = (ms: number) =>
  BigInt(Math.max(-DATE_CLAMP_MS, Math.min(DATE_CLAMP_MS, Math.floor(ms)))) * BigInt(DOC_ID_BLOCK);

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The SQL conditions of a query, or why nothing needs searching; `fts` false: no words, labels only. */
type Conditions = { where: string[]; params: unknown[]; fts: boolean } | { none: string | null };

/**
 * The subject (shared/labels/model.ts) of a search document: a post's group, a draft's own (or the
 * group it edits), a queued create's draft or group.
 */
const DOC_SUBJECT = `CASE d.source
  WHEN 'post' THEN (SELECT ifnull(p.group_id, p.id) FROM posts p
    WHERE p.profile_id = d.profile_id AND p.brand_id = d.brand_id AND p.id = d.ref_id)
  WHEN 'draft' THEN (SELECT ifnull(json_extract(dr.draft_json, '$.replacesGroup'), 'draft:' || dr.id)
    FROM drafts dr WHERE dr.id = d.ref_id AND json_valid(dr.draft_json))
  ELSE (SELECT coalesce(o.group_id, 'draft:' || o.draft_id, 'local:' || o.id) FROM outbox o WHERE o.id = d.ref_id)
END`;

/** Local filters beside the words: labels (by id) every match carries; the brands searched. */
export interface SearchExtras {
  labelIds?: readonly string[];
  /**
   * The brands searched, of any connection (the all-brands view shows several): one query over
   * all of them, which stops at `limit` matches whoever's they are. Absent: every brand of the
   * profile named.
   */
  brands?: readonly { profileId: string; brandId: string }[];
}

function conditions(
  db: AppDatabase,
  profileId: string,
  q: SearchQuery,
  extras: SearchExtras = {},
): Conditions {
  const { match } = buildMatchQuery(q.query);
  const labelIds = extras.labelIds ?? [];
  if (match === null && labelIds.length === 0) {
    return {
      none: q.query.trim() === '' ? null : 'Type a word, a #hashtag, an @mention or a link to search for.',
    };
  }
  const fts = match !== null;
  const rowid = fts ? 'search_fts.rowid' : 'd.doc_id';
  const where: string[] = fts ? ['search_fts MATCH ?'] : [];
  const params: unknown[] = fts ? [match] : [];
  const brands = extras.brands;
  if (brands) {
    if (brands.length === 0) return { none: null };
    where.push(`(d.profile_id, d.brand_id) IN (VALUES ${brands.map(() => '(?, ?)').join(', ')})`);
    for (const b of brands) params.push(b.profileId, b.brandId);
  } else {
    where.push('d.profile_id = ?');
    params.push(profileId);
  }
  const profileIds = brands ? [...new Set(brands.map((b) => b.profileId))] : [profileId];
  for (const labelId of labelIds) {
    where.push(
      `EXISTS (SELECT 1 FROM post_labels pl WHERE pl.profile_id = d.profile_id AND pl.brand_id = d.brand_id
         AND pl.label_id = ? AND pl.subject = ${DOC_SUBJECT})`,
    );
    params.push(labelId);
  }
  if (q.brandId) {
    where.push('d.brand_id = ?');
    params.push(q.brandId);
  }
  if (q.states) {
    const raw = [...new Set(profileIds.flatMap((id) => storedStates(db, id, q.states ?? [])))];
    if (raw.length === 0) return { none: null };
    where.push(`d.state IN (${placeholders(raw.length)})`);
    params.push(...raw);
  }
  if (q.accounts && q.accounts.length > 0) {
    where.push(
      `EXISTS (SELECT 1 FROM json_each(d.accounts_json) a WHERE a.value IN (${placeholders(q.accounts.length)}))`,
    );
    params.push(...q.accounts);
  }
  if (q.platforms && q.platforms.length > 0) {
    where.push(
      `EXISTS (SELECT 1 FROM json_each(d.platforms_json) p WHERE p.value IN (${placeholders(q.platforms.length)}))`,
    );
    params.push(...q.platforms);
  }
  // A document's id starts with its date (see the migration), so a date range is also a range of
  // ids, which FTS5 reads without visiting the matches outside it.
  if (q.from) {
    const fromMs = Date.parse(q.from);
    where.push('d.date_ms >= ?', `${rowid} >= ?`);
    params.push(fromMs, docIdFloor(fromMs));
  }
  if (q.to) {
    const toMs = Date.parse(q.to);
    where.push('d.date_ms < ?', `${rowid} < ?`);
    params.push(toMs, docIdFloor(toMs + 1));
  }
  return { where, params, fts };
}

/** FROM and ORDER BY of a query: through FTS5 when it has words, else the documents alone. */
function source(c: { fts: boolean }): { from: string; order: string } {
  // CROSS JOIN keeps FTS5 the outer loop: with filters the planner would otherwise walk
  // search_docs and run MATCH once a row (300 ms).
  return c.fts
    ? {
        from: 'search_fts CROSS JOIN search_docs d ON d.doc_id = search_fts.rowid',
        order: 'search_fts.rowid DESC',
      }
    : { from: 'search_docs d', order: 'd.doc_id DESC' };
}

/** What a match is, without its snippet: what export and "select all matching" act on. */
export interface SearchMatchRef {
  source: SearchHit['source'];
  id: string;
  profileId: string;
  brandId: string | null;
  /** When it is (or is meant to be) published; null for a draft without a time. */
  date: string | null;
}

const RefRow = z.object({
  source: HitRow.shape.source,
  profile_id: z.string(),
  ref_id: z.string(),
  brand_id: z.string().nullable(),
  date_ms: sqlInt.nullable(),
});

/**
 * Every match of a query (its `limit` ignored), latest date first, without snippets: for acting
 * on all of them (export, bulk selection). Same query rules and filters as searchPosts.
 */
export function searchAllMatches(
  db: AppDatabase,
  profileId: string,
  input: SearchQuery,
  extras: SearchExtras = {},
): SearchMatchRef[] {
  const c = conditions(db, profileId, SearchQuery.parse(input), extras);
  if ('none' in c) return [];
  const { from, order } = source(c);
  const rows = db.sql
    .prepare(
      `SELECT d.source, d.profile_id, d.ref_id, d.brand_id, d.date_ms
       FROM ${from}
       WHERE ${c.where.join(' AND ')}
       ORDER BY ${order}`,
    )
    .all(...c.params);
  return parseRows(db, 'search_docs', RefRow, rows).map((r) => ({
    source: r.source,
    id: r.ref_id,
    profileId: r.profile_id,
    brandId: r.brand_id,
    date: r.date_ms === null ? null : new Date(r.date_ms).toISOString(),
  }));
}

/**
 * The matches of `input` among the profile's documents, latest date first (an undated draft at its
 * last edit), at most `limit`. Not ranked by relevance: posts are short, so bm25 says little there,
 * and ranking means scoring every match (60+ ms for a common word in 100,000 posts). Input is
 * checked here too, so a caller outside IPC cannot skip it.
 */
export function searchPosts(
  db: AppDatabase,
  profileId: string,
  input: SearchQuery,
  extras: SearchExtras = {},
): SearchResult {
  const q = SearchQuery.parse(input);
  const c = conditions(db, profileId, q, extras);
  if ('none' in c) return { hits: [], more: false, notice: c.none };
  const limit = q.limit ?? DEFAULT_SEARCH_LIMIT;
  // FTS5 hands matches in id (= date) order and the query stops after limit + 1 of them, so the
  // snippets are computed for those only, never for every match. Without words (labels only) the
  // snippet is the text's start.
  const { from, order } = source(c);
  const snippets = c.fts
    ? `snippet(search_fts, 0, char(2), char(3), '…', ${SNIPPET_TOKENS}) AS snippet_body,
       snippet(search_fts, 1, char(2), char(3), '…', ${SNIPPET_TOKENS}) AS snippet_link`
    : `substr(d.body, 1, ${PLAIN_SNIPPET_CHARS}) AS snippet_body, '' AS snippet_link`;
  const rows = db.sql
    .prepare(
      `SELECT d.source, d.profile_id, d.ref_id, d.brand_id, d.state, d.date_ms, d.accounts_json, d.platforms_json,
         ${snippets}
       FROM ${from}
       WHERE ${c.where.join(' AND ')}
       ORDER BY ${order}
       LIMIT ?`,
    )
    .all(...c.params, limit + 1);
  const found = parseRows(db, 'search_docs', HitRow, rows);
  const more = found.length > limit;
  const hits = found.slice(0, limit).map((row): SearchHit => {
    const body = row.snippet_body ?? '';
    const link = row.snippet_link ?? '';
    const inLink = !body.includes(MARK_START) && link.includes(MARK_START);
    const known = row.source === 'post' ? normalizePostState(row.state) : null;
    return {
      source: row.source,
      id: row.ref_id,
      profileId: row.profile_id,
      brandId: row.brand_id,
      state: known ?? row.state,
      date: row.date_ms === null ? null : new Date(row.date_ms).toISOString(),
      accounts: row.accounts_json.filter((a): a is string => !!a),
      platforms: row.platforms_json.filter((p): p is string => !!p),
      matchedIn: inLink ? 'link' : 'text',
      snippet: snippetSegments(inLink ? link : body),
    };
  });
  return { hits, more, notice: null };
}

const SubjectDocRow = HitRow.omit({ snippet_body: true, snippet_link: true, profile_id: true }).extend({
  body: z.string(),
});

/**
 * The documents of one subject (shared/labels/model.ts) of a brand: a group's posts, a draft, a
 * queued create. Looked up by index (posts by group, documents by ref), never by scanning.
 */
export function docsOfSubject(
  db: AppDatabase,
  profileId: string,
  brandId: string,
  subject: string,
): (Omit<SearchHit, 'matchedIn' | 'snippet'> & { body: string })[] {
  const refs: { source: SearchHit['source']; id: string }[] = [];
  if (subject.startsWith('draft:')) refs.push({ source: 'draft', id: subject.slice('draft:'.length) });
  else if (subject.startsWith('local:')) refs.push({ source: 'outbox', id: subject.slice('local:'.length) });
  else {
    const ids = db.sql
      .prepare(
        `SELECT id FROM posts WHERE profile_id = ? AND brand_id = ?
         AND (group_id = ?3 OR (group_id IS NULL AND id = ?3))`,
      )
      .all(profileId, brandId, subject) as { id: unknown }[];
    for (const r of ids) refs.push({ source: 'post', id: String(r.id) });
  }
  const read = db.sql.prepare(
    `SELECT d.source, d.ref_id, d.brand_id, d.state, d.date_ms, d.accounts_json, d.platforms_json, d.body
     FROM search_docs d WHERE d.source = ? AND d.ref_id = ? AND d.profile_id = ?`,
  );
  const rows = refs.flatMap((r) => read.all(r.source, r.id, profileId));
  return parseRows(db, 'search_docs', SubjectDocRow, rows).map((row) => ({
    source: row.source,
    id: row.ref_id,
    brandId: row.brand_id,
    state: (row.source === 'post' ? normalizePostState(row.state) : null) ?? row.state,
    date: row.date_ms === null ? null : new Date(row.date_ms).toISOString(),
    accounts: row.accounts_json.filter((a): a is string => !!a),
    platforms: row.platforms_json.filter((p): p is string => !!p),
    body: row.body,
  }));
}
