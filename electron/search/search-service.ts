import type { SearchQuery, SearchResult } from '../../shared/ipc/models.js';
import { notConnected } from '../core/app-failure.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { searchPosts } from './search-posts.js';

/** The searchPosts IPC method: a search within the active profile. */
export class SearchService {
  constructor(private readonly o: { db: AppDatabase; active: () => ActiveBrand | null }) {}

  search(query: SearchQuery): SearchResult {
    const active = this.o.active();
    if (!active) throw notConnected();
    return searchPosts(this.o.db, active.profileId, query);
  }
}
