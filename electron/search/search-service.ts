import type { SearchPostMatches, SearchQuery, SearchResult } from '../../shared/ipc/models.js';
import { notConnected } from '../core/app-failure.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { searchAllMatches, searchPosts } from './search-posts.js';

/** The searchPosts IPC method: a search within the active profile. */
export class SearchService {
  constructor(private readonly o: { db: AppDatabase; active: () => ActiveBrand | null }) {}

  search(query: SearchQuery): SearchResult {
    const active = this.o.active();
    if (!active) throw notConnected();
    return searchPosts(this.o.db, active.profileId, query);
  }

  /** Every post a search matches (not only the shown ones): what "Select these N matches" and export act on. */
  postMatches(query: SearchQuery): SearchPostMatches {
    const active = this.o.active();
    if (!active) throw notConnected();
    const matches = searchAllMatches(this.o.db, active.profileId, query);
    return { posts: matches.filter((m) => m.source === 'post').map(({ id, date }) => ({ id, date })) };
  }
}
