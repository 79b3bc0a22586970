import { z } from 'zod';
import { IsoDateTime } from '../api/resources.js';
import { m } from '../ipc/method.js';

/*
 * Search (electron/search/): offline, over the active profile's cached posts, local drafts and
 * outbox; one schema for the IPC method, the export and "select all matching".
 */

/** What a search match is: a post's state on the service, a local draft, or a change waiting in the outbox. */
export const SearchState = z.enum([
  'draft',
  'scheduled',
  'publishing',
  'published',
  'error',
  'localDraft',
  'outbox',
]);
export type SearchState = z.infer<typeof SearchState>;

/** A search over the active profile's cached posts, local drafts and outbox, offline. */
export const SearchQuery = z
  .object({
    /** Words (prefixes of the last ones too), "exact phrases", #hashtags, @mentions, links. */
    query: z.string().max(1000),
    /** One brand; absent or null: every brand the calendar shows (all of them in the all-brands view). */
    brandId: z.string().min(1).max(200).nullable().optional(),
    /** Any of these accounts (integration ids). */
    accounts: z.array(z.string().min(1).max(200)).max(500).optional(),
    platforms: z.array(z.string().min(1).max(50)).max(50).optional(),
    states: z.array(SearchState).max(20).optional(),
    /** Dated at or after `from` and before `to`; undated drafts drop out when either is set. */
    from: IsoDateTime.optional(),
    to: IsoDateTime.optional(),
    limit: z.number().int().min(1).max(1000).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'The end of the date range must come after its start.',
    path: ['to'],
  });
export type SearchQuery = z.infer<typeof SearchQuery>;

/** A piece of a snippet: `match` pieces are what the query found, shown highlighted. */
export const SnippetSegment = z.object({ text: z.string(), match: z.boolean() });
export type SnippetSegment = z.infer<typeof SnippetSegment>;

export const SearchHit = z.object({
  source: z.enum(['post', 'draft', 'outbox']),
  /** The post's, the draft's or the outbox item's id. */
  id: z.string(),
  /** The connection it belongs to (the all-brands view searches every connection's brands). */
  profileId: z.string().optional(),
  brandId: z.string().nullable(),
  /** A SearchState when known; a post in a state this app does not know keeps the service's name. */
  state: z.string(),
  /** When it is (or is meant to be) published; null for a draft without a time. */
  date: IsoDateTime.nullable(),
  accounts: z.array(z.string()),
  platforms: z.array(z.string()),
  /** Where the query matched: the post's text, its published link, or a note on it (kept on this device). */
  matchedIn: z.enum(['text', 'link', 'note']),
  snippet: z.array(SnippetSegment),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResult = z.object({
  hits: z.array(SearchHit),
  /** More matches than `limit` exist. */
  more: z.boolean(),
  /** Why nothing was searched (a query with no words in it), for the user to read; null when it ran. */
  notice: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResult>;

/** Every post a search matches, latest first, for acting on all of them (not only the shown ones). */
export const SearchPostMatches = z.object({
  posts: z.array(
    z.object({
      id: z.string(),
      date: IsoDateTime.nullable(),
      /** The post's own connection and brand (a search of the all-brands view spans brands). */
      profileId: z.string().optional(),
      brandId: z.string().optional(),
    }),
  ),
});
export type SearchPostMatches = z.infer<typeof SearchPostMatches>;

export const searchMethods = {
  searchPosts: m(
    SearchQuery,
    SearchResult,
    'Full-text search with filters; matches with a highlighted snippet.',
  ),
  searchPostMatches: m(
    SearchQuery,
    SearchPostMatches,
    'Every post a search matches (its limit ignored), for selecting or exporting them all.',
  ),
} as const;
