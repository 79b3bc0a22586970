/*
 * Runs in main (Node). The schema's history, oldest first: migration N brings a file from
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
    name: 'evergreen lists, items and repeats; snippets and signatures',
    sql: `
      CREATE TABLE evergreen_lists (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        name TEXT NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX evergreen_lists_by_brand ON evergreen_lists (profile_id, brand_id);
      CREATE TABLE evergreen_items (
        id TEXT PRIMARY KEY,
        list_id TEXT NOT NULL REFERENCES evergreen_lists(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        item_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX evergreen_items_by_list ON evergreen_items (list_id, position);
      CREATE TABLE evergreen_fills (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        item_id TEXT NOT NULL,
        integration_id TEXT NOT NULL,
        slot_ms INTEGER NOT NULL,
        repeat INTEGER NOT NULL,
        of_count INTEGER,
        version INTEGER NOT NULL,
        outbox_id TEXT,
        post_id TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (item_id, integration_id, slot_ms),
        UNIQUE (item_id, integration_id, repeat)
      );
      CREATE INDEX evergreen_fills_by_brand ON evergreen_fills (profile_id, brand_id, slot_ms);
      CREATE TABLE snippets (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (profile_id, brand_id, name)
      );
      CREATE TABLE signatures (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        integration_id TEXT NOT NULL,
        body TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, integration_id)
      );
    `,
  },
];
