import type {
  SearchHit,
  SearchPostMatches,
  SearchQuery,
  SearchResult,
  SnippetSegment,
} from '../../shared/search/ipc.js';
import { parseLabelQuery } from '../../shared/labels/model.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { LabelsRepo } from '../labels/labels-repo.js';
import { brandQueryNotice, brandsNamed, parseBrandQuery } from '../../shared/brands/brand-query.js';
import { buildMatchQuery } from './match-query.js';
import { DEFAULT_SEARCH_LIMIT, docsOfSubject, searchAllMatches, searchPosts } from './search-posts.js';

/** Notes looked at for one search: a person's notes on a brand are few; this only bounds a freak case. */
const NOTES_SEARCHED = 200;
const hitKey = (h: SearchHit) => `${h.profileId ?? ''}:${h.source}:${h.id}`;

/** Characters of a note a match shows around its first found word. */
const NOTE_SNIPPET_CHARS = 120;
/** Characters of the post's first line a note's match starts with. */
const POST_LEAD_CHARS = 60;

/** A brand a search may look in, with its name for `brand:`. */
export interface SearchedBrand {
  profileId: string;
  brandId: string;
  name: string;
}

/** One query of the index: brands of any connection, with the labels (by id) its matches carry. */
interface SearchRun {
  brands: ActiveBrand[];
  labelIds: string[];
}

/**
 * The searchPosts IPC method: a search of the brands the calendar shows (every brand of every
 * connection in the all-brands view) in one query of the index, never one per brand or per hit
 * (a `label:` search: one per brand, as each brand has its own labels). `label:name`
 * (or `label:"two words"`) keeps the posts carrying that label, `brand:name` one brand's; words
 * also find posts by their notes.
 */
export class SearchService {
  constructor(
    private readonly o: {
      db: AppDatabase;
      /** The brands the calendar shows; absent: the active one. */
      shown?: () => SearchedBrand[];
      /** Every brand the app holds (to say that a brand named is not in this view). */
      known?: () => SearchedBrand[];
      meta?: LabelsRepo;
    },
  ) {}

  search(active: ActiveBrand, query: SearchQuery): SearchResult {
    const plan = this.plan(active, query);
    if ('notice' in plan) return { hits: [], more: false, notice: plan.notice };
    const q = { ...query, query: plan.rest, brandId: null };
    const limit = query.limit ?? DEFAULT_SEARCH_LIMIT;
    let more = false;
    let notice: string | null = null;
    const found: SearchHit[] = [];
    for (const run of plan.runs) {
      const result = searchPosts(this.o.db, run.brands[0]?.profileId ?? '', q, {
        labelIds: run.labelIds,
        brands: run.brands,
      });
      more ||= result.more;
      notice ??= result.notice;
      found.push(...result.hits);
    }
    const byNotes = this.noteHitsOf(plan.runs, q);
    if (plan.runs.length === 1 && byNotes.length === 0) return { hits: found, more, notice };
    const seen = new Set(found.map(hitKey));
    const all = [...found, ...byNotes.filter((h) => !seen.has(hitKey(h)))].sort(
      (a, b) => (b.date ? Date.parse(b.date) : -Infinity) - (a.date ? Date.parse(a.date) : -Infinity),
    );
    return {
      hits: all.slice(0, limit),
      more: more || all.length > limit,
      notice: all.length === 0 ? notice : null,
    };
  }

  /** Every post a search matches (not only the shown ones): what "Select these N matches" and export act on. */
  postMatches(active: ActiveBrand, query: SearchQuery): SearchPostMatches {
    const plan = this.plan(active, query);
    if ('notice' in plan) return { posts: [] };
    const q = { ...query, query: plan.rest, brandId: null };
    const posts: SearchPostMatches['posts'] = [];
    const seen = new Set<string>();
    const add = (profileId: string, brandId: string | null, id: string, date: string | null) => {
      const key = `${profileId}\u0000${id}`;
      if (seen.has(key)) return;
      seen.add(key);
      posts.push({ id, date, profileId, ...(brandId ? { brandId } : {}) });
    };
    for (const run of plan.runs) {
      const matches = searchAllMatches(this.o.db, run.brands[0]?.profileId ?? '', q, {
        labelIds: run.labelIds,
        brands: run.brands,
      });
      for (const m of matches) if (m.source === 'post') add(m.profileId, m.brandId, m.id, m.date);
    }
    for (const h of this.noteHitsOf(plan.runs, q))
      if (h.source === 'post' && h.date) add(h.profileId ?? '', h.brandId, h.id, h.date);
    if (plan.runs.length > 1)
      posts.sort(
        (a, b) => (b.date ? Date.parse(b.date) : -Infinity) - (a.date ? Date.parse(a.date) : -Infinity),
      );
    return { posts };
  }

  /** The brands a query searches, grouped into index queries, and the words left; or why none. */
  private plan(
    active: ActiveBrand,
    query: SearchQuery,
  ): { runs: SearchRun[]; rest: string } | { notice: string } {
    let brands = this.o.shown?.() ?? [{ ...active, name: '' }];
    if (query.brandId) brands = brands.filter((b) => b.brandId === query.brandId);
    const { names, rest: afterBrands } = parseBrandQuery(query.query);
    if (new Set(names.map((n) => n.toLowerCase())).size > 1) return { notice: brandQueryNotice.several };
    const typed = names[0];
    if (typed !== undefined) {
      const named = brandsNamed(brands, typed);
      if (named.length > 1)
        return {
          notice: brandQueryNotice.ambiguous(
            typed,
            named.map((b) => b.name),
          ),
        };
      const only = named[0];
      if (!only) {
        const elsewhere = brandsNamed(this.o.known?.() ?? [], typed)[0];
        return {
          notice: elsewhere ? brandQueryNotice.notShown(elsewhere.name) : brandQueryNotice.unknown(typed),
        };
      }
      brands = [only];
    }
    const { labels, rest } = parseLabelQuery(afterBrands);
    const meta = this.o.meta;
    const refs = brands.map(({ profileId, brandId }) => ({ profileId, brandId }));
    if (labels.length === 0 || !meta)
      return { runs: [{ brands: refs, labelIds: [] }], rest: meta ? rest : afterBrands };
    // A label belongs to a brand: each brand that has every label named is searched with its own.
    const runs: SearchRun[] = [];
    const missing = new Set(labels);
    for (const brand of brands) {
      const byName = meta.labelsByName(brand);
      const ids = labels.map((name) => byName.get(name.toLowerCase())?.id);
      labels.forEach((name, i) => {
        if (ids[i]) missing.delete(name);
      });
      if (ids.every((id): id is string => !!id))
        runs.push({ brands: [{ profileId: brand.profileId, brandId: brand.brandId }], labelIds: ids });
    }
    if (runs.length === 0) {
      const name = [...missing][0] ?? labels[0] ?? '';
      return { notice: `No label is called “${name}”.` };
    }
    return { runs, rest };
  }

  /** The note matches of every brand of the runs, each marked with its connection. */
  private noteHitsOf(runs: readonly SearchRun[], q: SearchQuery): SearchHit[] {
    return runs.flatMap((run) =>
      run.brands.flatMap((brand) =>
        this.noteHits(brand, q, run.labelIds).map((h) => ({ ...h, profileId: brand.profileId })),
      ),
    );
  }

  /** Posts, drafts and queued posts whose notes hold every word typed, with the other filters applied. */
  private noteHits(active: ActiveBrand, q: SearchQuery, labelIds: readonly string[]): SearchHit[] {
    const meta = this.o.meta;
    if (!meta) return [];
    const { terms } = buildMatchQuery(q.query);
    const words = terms.map((t) => t.replace(/^[#@]/u, '')).filter(Boolean);
    if (words.length === 0) return [];
    const notes = meta.notesMatching(active, words, NOTES_SEARCHED);
    if (notes.length === 0) return [];
    const assignments = labelIds.length > 0 ? meta.view(active).assignments : {};
    const fromMs = q.from ? Date.parse(q.from) : -Infinity;
    const toMs = q.to ? Date.parse(q.to) : Infinity;
    const hits: SearchHit[] = [];
    const seen = new Set<string>();
    for (const note of notes) {
      if (labelIds.some((id) => !(assignments[note.subject] ?? []).includes(id))) continue;
      for (const doc of docsOfSubject(this.o.db, active.profileId, active.brandId, note.subject)) {
        const key = `${doc.source}:${doc.id}`;
        if (seen.has(key)) continue;
        if (q.states && !q.states.some((s) => s === doc.state)) continue;
        if (q.accounts?.length && !doc.accounts.some((a) => q.accounts?.includes(a))) continue;
        if (q.platforms?.length && !doc.platforms.some((p) => q.platforms?.includes(p))) continue;
        if (
          (q.from || q.to) &&
          (doc.date === null || Date.parse(doc.date) < fromMs || Date.parse(doc.date) >= toMs)
        )
          continue;
        seen.add(key);
        const { body, ...hit } = doc;
        // Which post, then the note's words: the post's first line leads, the note follows.
        const first = body.split('\n')[0]?.trim() ?? '';
        const lead = first.length > POST_LEAD_CHARS ? `${first.slice(0, POST_LEAD_CHARS)}…` : first;
        const snippet = noteSnippet(note.body, words);
        hits.push({
          ...hit,
          matchedIn: 'note',
          snippet: lead ? [{ text: `${lead} · Note: `, match: false }, ...snippet] : snippet,
        });
      }
    }
    return hits;
  }
}

/** A note's text around the first word found, the words marked (case-insensitive). */
export function noteSnippet(body: string, words: readonly string[]): SnippetSegment[] {
  const lower = body.toLowerCase();
  const first = Math.min(...words.map((w) => lower.indexOf(w.toLowerCase())).filter((i) => i >= 0));
  const start = Number.isFinite(first) ? Math.max(0, first - NOTE_SNIPPET_CHARS / 3) : 0;
  const text = (start > 0 ? '…' : '') + body.slice(start, start + NOTE_SNIPPET_CHARS);
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).filter(Boolean);
  if (escaped.length === 0) return [{ text, match: false }];
  const splitter = new RegExp(`(${escaped.join('|')})`, 'giu');
  const segments: SnippetSegment[] = [];
  for (const piece of text.split(splitter)) {
    if (piece === '') continue;
    const match = words.some((w) => w.toLowerCase() === piece.toLowerCase());
    const last = segments.at(-1);
    if (last && last.match === match) last.text += piece;
    else segments.push({ text: piece, match });
  }
  return segments;
}
