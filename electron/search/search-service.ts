import type {
  SearchHit,
  SearchPostMatches,
  SearchQuery,
  SearchResult,
  SnippetSegment,
} from '../../shared/ipc/models.js';
import { parseLabelQuery } from '../../shared/labels/model.js';
import { notConnected } from '../core/app-failure.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { PostMetaRepo } from '../labels/post-meta-repo.js';
import { buildMatchQuery } from './match-query.js';
import { DEFAULT_SEARCH_LIMIT, docsOfSubject, searchAllMatches, searchPosts } from './search-posts.js';

/** Notes looked at for one search: a person's notes on a brand are few; this only bounds a freak case. */
const NOTES_SEARCHED = 200;
/** Characters of a note a match shows around its first found word. */
const NOTE_SNIPPET_CHARS = 120;
/** Characters of the post's first line a note's match starts with. */
const POST_LEAD_CHARS = 60;

/**
 * The searchPosts IPC method: a search within the active profile. `label:name` (or
 * `label:"two words"`) keeps the posts carrying that label; words also find posts by their notes.
 */
export class SearchService {
  constructor(
    private readonly o: { db: AppDatabase; active: () => ActiveBrand | null; meta?: PostMetaRepo },
  ) {}

  search(query: SearchQuery): SearchResult {
    const active = this.requireActive();
    const asked = this.labelsAsked(active, query);
    if ('notice' in asked) return { hits: [], more: false, notice: asked.notice };
    const q = { ...query, query: asked.rest };
    const found = searchPosts(this.o.db, active.profileId, q, { labelIds: asked.labelIds });
    const byNotes = this.noteHits(active, q, asked.labelIds);
    if (byNotes.length === 0) return found;
    const limit = query.limit ?? DEFAULT_SEARCH_LIMIT;
    const seen = new Set(found.hits.map((h) => `${h.source}:${h.id}`));
    const all = [...found.hits, ...byNotes.filter((h) => !seen.has(`${h.source}:${h.id}`))].sort(
      (a, b) => (b.date ? Date.parse(b.date) : -Infinity) - (a.date ? Date.parse(a.date) : -Infinity),
    );
    return { hits: all.slice(0, limit), more: found.more || all.length > limit, notice: null };
  }

  /** Every post a search matches (not only the shown ones): what "Select these N matches" and export act on. */
  postMatches(query: SearchQuery): SearchPostMatches {
    const active = this.requireActive();
    const asked = this.labelsAsked(active, query);
    if ('notice' in asked) return { posts: [] };
    const q = { ...query, query: asked.rest };
    const matches = searchAllMatches(this.o.db, active.profileId, q, { labelIds: asked.labelIds });
    const posts = matches.filter((m) => m.source === 'post').map(({ id, date }) => ({ id, date }));
    const seen = new Set(posts.map((p) => p.id));
    for (const h of this.noteHits(active, q, asked.labelIds))
      if (h.source === 'post' && !seen.has(h.id) && h.date) {
        seen.add(h.id);
        posts.push({ id: h.id, date: h.date });
      }
    return { posts };
  }

  private requireActive(): ActiveBrand {
    const active = this.o.active();
    if (!active) throw notConnected();
    return active;
  }

  /** The labels `label:` names, by id, and the words left; an unknown label says so. */
  private labelsAsked(
    active: ActiveBrand,
    query: SearchQuery,
  ): { labelIds: string[]; rest: string } | { notice: string } {
    const { labels, rest } = parseLabelQuery(query.query);
    if (labels.length === 0 || !this.o.meta) return { labelIds: [], rest: query.query };
    const byName = this.o.meta.labelsByName(active);
    const labelIds: string[] = [];
    for (const name of labels) {
      const label = byName.get(name.toLowerCase());
      if (!label) return { notice: `No label is called “${name}”.` };
      labelIds.push(label.id);
    }
    return { labelIds, rest };
  }

  /** Posts, drafts and queued posts whose notes hold every word typed, with the other filters applied. */
  private noteHits(active: ActiveBrand, q: SearchQuery, labelIds: readonly string[]): SearchHit[] {
    const meta = this.o.meta;
    if (!meta || (q.brandId && q.brandId !== active.brandId)) return [];
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
