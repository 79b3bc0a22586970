/*
 * The schema's history, oldest first: migration N brings a file from
 * user_version N-1 to N. Only ever append; never edit a shipped migration (files in the field
 * already ran it). Keys are never stored here: profiles hold where the key lives, not the key.
 */

export interface Migration {
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    name: 'profiles, brands, settings, drafts',
    sql: `
      CREATE TABLE profiles (
        id TEXT PRIMARY KEY,
        label TEXT NOT NULL,
        base_url TEXT NOT NULL,
        brand_id TEXT,
        organization_json TEXT,
        user_json TEXT,
        scopes_json TEXT,
        key_storage TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE brands (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        timezone TEXT,
        position INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (profile_id, id)
      );
      CREATE TABLE kv (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE drafts (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT,
        draft_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX drafts_by_brand ON drafts (profile_id, brand_id, updated_at);
    `,
  },
  {
    name: 'posts cache, integrations, media, outbox',
    sql: `
      CREATE TABLE posts (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        id TEXT NOT NULL,
        group_id TEXT,
        state TEXT NOT NULL,
        publish_date TEXT NOT NULL,
        publish_ms INTEGER NOT NULL,
        integration_id TEXT NOT NULL,
        content TEXT NOT NULL,
        block_count INTEGER NOT NULL,
        error TEXT,
        release_url TEXT,
        item_json TEXT NOT NULL,
        synced_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, id)
      );
      CREATE INDEX posts_by_date ON posts (profile_id, brand_id, publish_ms);
      CREATE INDEX posts_by_group ON posts (profile_id, brand_id, group_id);
      CREATE TABLE integrations (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        id TEXT NOT NULL,
        platform TEXT,
        name TEXT NOT NULL,
        picture TEXT,
        disconnected INTEGER NOT NULL DEFAULT 0,
        source TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, id)
      );
      CREATE TABLE media (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        id TEXT NOT NULL,
        kind TEXT,
        local_path TEXT,
        local_size INTEGER,
        media_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, id)
      );
      CREATE INDEX media_by_local_path ON media (profile_id, brand_id, local_path);
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        op_key TEXT NOT NULL,
        summary TEXT NOT NULL,
        payload_json TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        next_attempt_ms INTEGER,
        marker TEXT NOT NULL,
        maybe_sent INTEGER NOT NULL DEFAULT 0,
        sent_at TEXT,
        phase TEXT,
        result_json TEXT,
        post_id TEXT,
        group_id TEXT,
        draft_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX outbox_by_brand ON outbox (profile_id, brand_id, status);
      CREATE INDEX outbox_by_key ON outbox (op_key, seq);
    `,
  },
  {
    name: 'post details cache',
    sql: `
      CREATE TABLE post_details (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        id TEXT NOT NULL,
        detail_json TEXT NOT NULL,
        synced_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, id)
      );
    `,
  },
  {
    name: 'posting queue slots, import fingerprints',
    sql: `
      CREATE TABLE queue_slots (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        integration_id TEXT NOT NULL,
        slots_json TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, integration_id)
      );
      CREATE TABLE import_fingerprints (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        draft_id TEXT NOT NULL,
        imported_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, fingerprint)
      );
    `,
  },
  {
    name: 'media library: content hashes, source links, dimensions, durations, tags, uses',
    sql: `
      ALTER TABLE media ADD COLUMN content_hash TEXT;
      ALTER TABLE media ADD COLUMN source_url TEXT;
      ALTER TABLE media ADD COLUMN width INTEGER;
      ALTER TABLE media ADD COLUMN height INTEGER;
      ALTER TABLE media ADD COLUMN duration_ms INTEGER;
      ALTER TABLE media ADD COLUMN tags_json TEXT NOT NULL DEFAULT '[]';
      CREATE INDEX media_by_hash ON media (profile_id, brand_id, content_hash);
      CREATE INDEX media_by_source ON media (profile_id, brand_id, source_url);
      CREATE TABLE media_files (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        local_path TEXT NOT NULL,
        media_id TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, local_path)
      );
      CREATE TABLE media_uses (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        media_id TEXT NOT NULL,
        post_id TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, media_id, post_id)
      );
    `,
  },
  {
    name: 'clash gap per brand, bulk change batches',
    sql: `
      ALTER TABLE brands ADD COLUMN clash_gap_minutes INTEGER;
      CREATE TABLE bulk_batches (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        undo_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        undone_at TEXT
      );
    `,
  },
];
