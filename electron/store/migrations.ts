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
  {
    /*
     * Offline full-text search (electron/search/). search_docs holds one row per cached post, local
     * draft and queued create/edit, with the columns the filters need; search_fts indexes its text.
     * Triggers on the three source tables keep it right, so no code path can forget the index; the
     * views say once how a row becomes a document (the triggers and the backfill below share them).
     *
     * A document's id is its date (publish time; an undated draft's last edit) times 2^20 plus a
     * counter, so FTS5's own rowid order is date order: "latest first, stop after 50" reads 50
     * matches instead of ranking every one (bm25 over 30,000 matches of a common word took 60+ ms),
     * and a date filter is a rowid range. Dates clamp to ±2^43 ms (years 1691–2248).
     *
     * Tokenizer: unicode61 with '#', '@' and '_' as word characters, so "#launch" and "@alice" are
     * words of their own (a hashtag is not found by every post that says "launch" in passing, and the
     * query builder lets a plain word find its hashtag too); URLs split into their words and are found
     * as a phrase ("example.com/launch"). A trigram index finds any substring, but nothing for a query
     * under three characters (the first keystrokes), and over 100,000 bench posts it was 1.7 times the
     * size and 2.5 times slower to build. No prefix indexes (prefix='2 3'): every write pays for them
     * (each transaction writes its own FTS5 segment, three with them), which made a 5,000-row import
     * stall the event loop past its bound, while a two-letter prefix over 100,000 posts answers in
     * about 2 ms without them. char(2)/char(3) mark highlights in snippets, so the indexed text drops them.
     */
    name: 'full-text search index',
    sql: `
      CREATE TABLE search_docs (
        doc_id INTEGER PRIMARY KEY,
        source TEXT NOT NULL,
        profile_id TEXT NOT NULL,
        brand_id TEXT,
        ref_id TEXT NOT NULL,
        state TEXT NOT NULL,
        accounts_json TEXT NOT NULL,
        platforms_json TEXT NOT NULL,
        date_ms INTEGER,
        body TEXT NOT NULL,
        link TEXT NOT NULL
      );
      CREATE INDEX search_docs_by_ref ON search_docs (source, ref_id, profile_id);
      CREATE INDEX search_docs_states ON search_docs (profile_id, state);
      CREATE VIRTUAL TABLE search_fts USING fts5(
        body, link, content='search_docs', content_rowid='doc_id',
        tokenize="unicode61 remove_diacritics 2 tokenchars '#@_'"
      );
      CREATE TRIGGER search_docs_ai AFTER INSERT ON search_docs BEGIN
        INSERT INTO search_fts (rowid, body, link) VALUES (new.doc_id, new.body, new.link);
      END;
      CREATE TRIGGER search_docs_ad AFTER DELETE ON search_docs BEGIN
        INSERT INTO search_fts (search_fts, rowid, body, link) VALUES ('delete', old.doc_id, old.body, old.link);
      END;

      -- Where documents are written: picks the next free id in the date's block of 2^20.
      CREATE VIEW search_docs_in AS
        SELECT 0 AS sort_ms, source, profile_id, brand_id, ref_id, state, accounts_json, platforms_json, date_ms, body, link
        FROM search_docs WHERE 0;
      CREATE TRIGGER search_docs_in_write INSTEAD OF INSERT ON search_docs_in BEGIN
        INSERT INTO search_docs (doc_id, source, profile_id, brand_id, ref_id, state, accounts_json, platforms_json, date_ms, body, link)
        SELECT ifnull(max(doc_id) + 1, b.base), new.source, new.profile_id, new.brand_id, new.ref_id, new.state,
            new.accounts_json, new.platforms_json, new.date_ms, new.body, new.link
          FROM (SELECT max(-8796093022207, min(8796093022207, ifnull(new.sort_ms, 0))) * 1048576 AS base) b
          LEFT JOIN search_docs ON doc_id >= b.base AND doc_id < b.base + 1048576;
      END;

      CREATE VIEW search_post_docs AS
        SELECT publish_ms AS sort_ms, 'post' AS source, profile_id, brand_id, id AS ref_id, state,
          json_array(integration_id) AS accounts_json,
          json_array(ifnull(json_extract(item_json, '$.integration.platform'), '')) AS platforms_json,
          publish_ms AS date_ms,
          replace(replace(content, char(2), ''), char(3), '') AS body,
          replace(replace(ifnull(release_url, ''), char(2), ''), char(3), '') AS link
        FROM posts WHERE json_valid(item_json);
      CREATE VIEW search_draft_docs AS
        SELECT CAST(round(unixepoch(ifnull(json_extract(draft_json, '$.date'), updated_at), 'subsec') * 1000) AS INTEGER) AS sort_ms,
          'draft' AS source, profile_id, brand_id, id AS ref_id, 'localDraft' AS state,
          (SELECT json_group_array(json_extract(t.value, '$.integrationId')) FROM json_each(draft_json, '$.targets') t) AS accounts_json,
          (SELECT json_group_array(json_extract(t.value, '$.platform')) FROM json_each(draft_json, '$.targets') t) AS platforms_json,
          CAST(round(unixepoch(json_extract(draft_json, '$.date'), 'subsec') * 1000) AS INTEGER) AS date_ms,
          replace(replace(concat_ws(char(10),
            (SELECT group_concat(json_extract(b.value, '$.content'), char(10)) FROM json_each(draft_json, '$.blocks') b),
            (SELECT group_concat(json_extract(tb.value, '$.content'), char(10))
              FROM json_each(draft_json, '$.targets') t, json_each(t.value, '$.blocks') tb)),
            char(2), ''), char(3), '') AS body,
          '' AS link
        FROM drafts WHERE json_valid(draft_json);
      CREATE VIEW search_outbox_docs AS
        SELECT CAST(round(unixepoch(ifnull(json_extract(payload_json, '$.date'), created_at), 'subsec') * 1000) AS INTEGER) AS sort_ms,
          'outbox' AS source, profile_id, brand_id, id AS ref_id, 'outbox' AS state,
          (SELECT json_group_array(json_extract(t.value, '$.integrationId')) FROM json_each(payload_json, '$.targets') t) AS accounts_json,
          (SELECT json_group_array(json_extract(t.value, '$.platform')) FROM json_each(payload_json, '$.targets') t) AS platforms_json,
          CAST(round(unixepoch(json_extract(payload_json, '$.date'), 'subsec') * 1000) AS INTEGER) AS date_ms,
          replace(replace(ifnull((SELECT group_concat(json_extract(tb.value, '$.content'), char(10))
              FROM json_each(payload_json, '$.targets') t, json_each(t.value, '$.blocks') tb), ''),
            char(2), ''), char(3), '') AS body,
          '' AS link
        FROM outbox WHERE kind IN ('create', 'edit') AND json_valid(payload_json);

      CREATE TRIGGER search_posts_ai AFTER INSERT ON posts BEGIN
        INSERT INTO search_docs_in
          SELECT * FROM search_post_docs WHERE profile_id = new.profile_id AND brand_id = new.brand_id AND ref_id = new.id;
      END;
      CREATE TRIGGER search_posts_au AFTER UPDATE ON posts
        WHEN old.item_json IS NOT new.item_json OR old.content IS NOT new.content OR old.release_url IS NOT new.release_url
          OR old.publish_ms IS NOT new.publish_ms OR old.id IS NOT new.id OR old.brand_id IS NOT new.brand_id
          OR old.profile_id IS NOT new.profile_id
      BEGIN
        DELETE FROM search_docs WHERE source = 'post' AND ref_id = old.id AND profile_id = old.profile_id AND brand_id = old.brand_id;
        INSERT INTO search_docs_in
          SELECT * FROM search_post_docs WHERE profile_id = new.profile_id AND brand_id = new.brand_id AND ref_id = new.id;
      END;
      CREATE TRIGGER search_posts_ad AFTER DELETE ON posts BEGIN
        DELETE FROM search_docs WHERE source = 'post' AND ref_id = old.id AND profile_id = old.profile_id AND brand_id = old.brand_id;
      END;

      CREATE TRIGGER search_drafts_ai AFTER INSERT ON drafts BEGIN
        INSERT INTO search_docs_in SELECT * FROM search_draft_docs WHERE ref_id = new.id;
      END;
      CREATE TRIGGER search_drafts_au AFTER UPDATE ON drafts BEGIN
        DELETE FROM search_docs WHERE source = 'draft' AND ref_id = old.id AND profile_id = old.profile_id;
        INSERT INTO search_docs_in SELECT * FROM search_draft_docs WHERE ref_id = new.id;
      END;
      CREATE TRIGGER search_drafts_ad AFTER DELETE ON drafts BEGIN
        DELETE FROM search_docs WHERE source = 'draft' AND ref_id = old.id AND profile_id = old.profile_id;
      END;

      CREATE TRIGGER search_outbox_ai AFTER INSERT ON outbox BEGIN
        INSERT INTO search_docs_in SELECT * FROM search_outbox_docs WHERE ref_id = new.id;
      END;
      CREATE TRIGGER search_outbox_au AFTER UPDATE ON outbox
        WHEN old.payload_json IS NOT new.payload_json OR old.kind IS NOT new.kind OR old.id IS NOT new.id
          OR old.brand_id IS NOT new.brand_id OR old.profile_id IS NOT new.profile_id
      BEGIN
        DELETE FROM search_docs WHERE source = 'outbox' AND ref_id = old.id AND profile_id = old.profile_id;
        INSERT INTO search_docs_in SELECT * FROM search_outbox_docs WHERE ref_id = new.id;
      END;
      CREATE TRIGGER search_outbox_ad AFTER DELETE ON outbox BEGIN
        DELETE FROM search_docs WHERE source = 'outbox' AND ref_id = old.id AND profile_id = old.profile_id;
      END;

      INSERT INTO search_docs_in SELECT * FROM search_post_docs;
      INSERT INTO search_docs_in SELECT * FROM search_draft_docs;
      INSERT INTO search_docs_in SELECT * FROM search_outbox_docs;
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
  {
    name: 'client review: review states of post groups, review packs, brand review settings',
    sql: `
      CREATE TABLE post_reviews (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        subject TEXT NOT NULL,
        state TEXT NOT NULL,
        comment TEXT,
        seen_hash TEXT,
        op_id TEXT,
        changed_json TEXT,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, subject)
      );
      CREATE INDEX post_reviews_by_op ON post_reviews (op_id);
      CREATE INDEX post_reviews_by_state ON post_reviews (profile_id, brand_id, state);
      CREATE TABLE review_packs (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        items_json TEXT NOT NULL,
        replies_json TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL
      );
      CREATE TABLE review_settings (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        needs_approval INTEGER NOT NULL DEFAULT 0,
        colour TEXT,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id)
      );
    `,
  },
  {
    name: 'brand colours for the all-brands calendar',
    sql: `
      ALTER TABLE brands ADD COLUMN color TEXT;
    `,
  },
  {
    name: 'labels, campaigns and notes on post groups (local only)',
    sql: `
      CREATE TABLE labels (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        name TEXT NOT NULL COLLATE NOCASE,
        color TEXT NOT NULL,
        campaign_start TEXT,
        campaign_end TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (profile_id, brand_id, name)
      );
      CREATE TABLE post_labels (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        subject TEXT NOT NULL,
        label_id TEXT NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, subject, label_id)
      );
      CREATE INDEX post_labels_by_label ON post_labels (label_id);
      CREATE TABLE post_notes (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        subject TEXT NOT NULL,
        author TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX post_notes_by_subject ON post_notes (profile_id, brand_id, subject, created_at);
    `,
  },
  {
    name: "outbox indexes: what is due, and a draft's operations",
    sql: `
      CREATE INDEX outbox_due ON outbox (status, next_attempt_ms, seq);
      CREATE INDEX outbox_by_draft ON outbox (profile_id, draft_id);
    `,
  },
  {
    name: 'what keeps a brand from syncing, kept across restarts',
    sql: `
      ALTER TABLE brands ADD COLUMN sync_problem TEXT;
    `,
  },
  {
    name: 'a change discarded (or undone) after it may have reached the service: put right, not dropped',
    sql: `
      ALTER TABLE outbox ADD COLUMN discarded_at TEXT;
    `,
  },
  {
    name: "analytics kept on this computer: each account's days, each post's results and their history, each brand's last snapshot",
    sql: `
      CREATE TABLE analytics_accounts (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        integration_id TEXT NOT NULL,
        name TEXT NOT NULL,
        platform TEXT,
        profile_json TEXT NOT NULL,
        seen_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, integration_id)
      );
      CREATE TABLE analytics_days (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        integration_id TEXT NOT NULL,
        day TEXT NOT NULL,
        metrics_json TEXT NOT NULL,
        seen_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, integration_id, day)
      ) WITHOUT ROWID;
      CREATE TABLE analytics_posts (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        post_id TEXT NOT NULL,
        integration_id TEXT NOT NULL,
        group_id TEXT,
        publish_date TEXT,
        publish_day TEXT,
        content TEXT NOT NULL,
        release_url TEXT,
        metrics_json TEXT NOT NULL,
        seen_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, post_id)
      );
      CREATE INDEX analytics_posts_by_day ON analytics_posts (profile_id, brand_id, integration_id, publish_day);
      CREATE TABLE analytics_post_days (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        post_id TEXT NOT NULL,
        day TEXT NOT NULL,
        metrics_json TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, post_id, day)
      ) WITHOUT ROWID;
      CREATE TABLE analytics_brands (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        snapshot_at TEXT,
        problem TEXT,
        PRIMARY KEY (profile_id, brand_id)
      );
    `,
  },
  {
    // Where a kept day came from: the service's own snapshot, or a history file the user imported
    // (the sandbox's first year comes that way too). A snapshot's day is never replaced by an
    // imported one, and a later snapshot replaces an imported day; every day kept so far came from
    // a snapshot.
    name: 'analytics days remember their source',
    sql: `
      ALTER TABLE analytics_days ADD COLUMN source TEXT NOT NULL DEFAULT 'snapshot';
    `,
  },
  {
    name: "analytics: a version per account, raised by every change to its kept days or posts, so main can hold an account's history in memory and know when it is stale",
    sql: `
      CREATE TABLE analytics_versions (
        profile_id TEXT NOT NULL,
        brand_id TEXT NOT NULL,
        integration_id TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (profile_id, brand_id, integration_id)
      ) WITHOUT ROWID;
      CREATE TRIGGER analytics_days_added AFTER INSERT ON analytics_days BEGIN
        INSERT INTO analytics_versions (profile_id, brand_id, integration_id)
        VALUES (NEW.profile_id, NEW.brand_id, NEW.integration_id)
        ON CONFLICT (profile_id, brand_id, integration_id) DO UPDATE SET version = version + 1;
      END;
      CREATE TRIGGER analytics_days_changed AFTER UPDATE ON analytics_days BEGIN
        INSERT INTO analytics_versions (profile_id, brand_id, integration_id)
        VALUES (NEW.profile_id, NEW.brand_id, NEW.integration_id)
        ON CONFLICT (profile_id, brand_id, integration_id) DO UPDATE SET version = version + 1;
        UPDATE analytics_versions SET version = version + 1
        WHERE profile_id = OLD.profile_id AND brand_id = OLD.brand_id AND integration_id = OLD.integration_id;
      END;
      CREATE TRIGGER analytics_days_removed AFTER DELETE ON analytics_days BEGIN
        UPDATE analytics_versions SET version = version + 1
        WHERE profile_id = OLD.profile_id AND brand_id = OLD.brand_id AND integration_id = OLD.integration_id;
      END;
      CREATE TRIGGER analytics_posts_added AFTER INSERT ON analytics_posts BEGIN
        INSERT INTO analytics_versions (profile_id, brand_id, integration_id)
        VALUES (NEW.profile_id, NEW.brand_id, NEW.integration_id)
        ON CONFLICT (profile_id, brand_id, integration_id) DO UPDATE SET version = version + 1;
      END;
      CREATE TRIGGER analytics_posts_changed AFTER UPDATE ON analytics_posts BEGIN
        INSERT INTO analytics_versions (profile_id, brand_id, integration_id)
        VALUES (NEW.profile_id, NEW.brand_id, NEW.integration_id)
        ON CONFLICT (profile_id, brand_id, integration_id) DO UPDATE SET version = version + 1;
        UPDATE analytics_versions SET version = version + 1
        WHERE profile_id = OLD.profile_id AND brand_id = OLD.brand_id AND integration_id = OLD.integration_id;
      END;
      CREATE TRIGGER analytics_posts_removed AFTER DELETE ON analytics_posts BEGIN
        UPDATE analytics_versions SET version = version + 1
        WHERE profile_id = OLD.profile_id AND brand_id = OLD.brand_id AND integration_id = OLD.integration_id;
      END;
    `,
  },
  {
    // Recurring series: the rule and the post it repeats (one JSON document), and every date made
    // as a post, keyed by series and date so a restart or a second plan never makes a date twice.
    name: 'recurring series and the dates each one made',
    sql: `
      CREATE TABLE series (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        series_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX series_by_brand ON series (profile_id, brand_id);
      CREATE TABLE series_occurrences (
        series_id TEXT NOT NULL REFERENCES series(id) ON DELETE CASCADE,
        occ_date TEXT NOT NULL,
        idx INTEGER NOT NULL,
        at_ms INTEGER NOT NULL,
        outbox_id TEXT,
        post_ids TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL,
        PRIMARY KEY (series_id, occ_date)
      ) WITHOUT ROWID;
    `,
  },
  {
    // Content categories: a brand's list (colour, weekly target share), the one category a post
    // group carries (by subject, like its labels), and the category an evergreen list feeds.
    name: 'content categories, the category of each post group and of each evergreen list',
    sql: `
      CREATE TABLE categories (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        name TEXT NOT NULL COLLATE NOCASE,
        color TEXT NOT NULL,
        target_percent INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (profile_id, brand_id, name)
      );
      CREATE TABLE post_categories (
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        subject TEXT NOT NULL,
        category_id TEXT NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, brand_id, subject)
      ) WITHOUT ROWID;
      CREATE INDEX post_categories_by_category ON post_categories (category_id);
      CREATE TABLE evergreen_list_categories (
        list_id TEXT PRIMARY KEY REFERENCES evergreen_lists(id) ON DELETE CASCADE,
        category_id TEXT NOT NULL REFERENCES categories(id) ON DELETE CASCADE
      ) WITHOUT ROWID;
      CREATE INDEX evergreen_list_categories_by_category ON evergreen_list_categories (category_id);
    `,
  },
  {
    // Feeds to drafts: a brand's feeds with what their last read answered (for a conditional GET
    // and the line shown on the feed), and every item ever seen, remembered by its id, its link and
    // its title and day, so none is drafted twice, even after its feed is removed or rewrites them.
    name: "feeds: a brand's feeds and every item they brought",
    sql: `
      CREATE TABLE feeds (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        url TEXT NOT NULL,
        title TEXT,
        straight_to_queue INTEGER NOT NULL DEFAULT 0,
        category_id TEXT,
        account_ids_json TEXT NOT NULL DEFAULT '[]',
        etag TEXT,
        last_modified TEXT,
        checked_at TEXT,
        problem TEXT,
        created_at TEXT NOT NULL,
        UNIQUE (profile_id, brand_id, url)
      );
      CREATE TABLE feed_items (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        feed_id TEXT NOT NULL,
        guid TEXT,
        link_key TEXT,
        title_key TEXT,
        title TEXT NOT NULL,
        link TEXT,
        summary TEXT NOT NULL,
        published_at TEXT,
        image_url TEXT,
        state TEXT NOT NULL,
        draft_id TEXT,
        seen_at TEXT NOT NULL
      );
      CREATE INDEX feed_items_by_guid ON feed_items (profile_id, brand_id, guid);
      CREATE INDEX feed_items_by_link ON feed_items (profile_id, brand_id, link_key);
      CREATE INDEX feed_items_by_title ON feed_items (profile_id, brand_id, title_key);
      CREATE INDEX feed_items_waiting ON feed_items (profile_id, brand_id, state);
    `,
  },
  {
    name: 'activity log',
    sql: `
      CREATE TABLE activity (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        brand_id TEXT NOT NULL,
        group_id TEXT,
        outbox_id TEXT,
        at TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        who_json TEXT NOT NULL,
        origin_json TEXT NOT NULL,
        change_json TEXT NOT NULL,
        search_text TEXT NOT NULL
      );
      CREATE INDEX activity_by_group ON activity (profile_id, brand_id, group_id, seq);
      CREATE INDEX activity_by_outbox ON activity (outbox_id) WHERE outbox_id IS NOT NULL;
      CREATE INDEX activity_by_time ON activity (profile_id, brand_id, at_ms);
      CREATE INDEX activity_by_age ON activity (at_ms);
    `,
  },
  {
    name: "approval steps: each brand's flow, and the step each post waits at",
    sql: `
      ALTER TABLE review_settings ADD COLUMN flow_json TEXT;
      ALTER TABLE review_settings ADD COLUMN time_resets INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE post_reviews ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE post_reviews ADD COLUMN step_approvals_json TEXT;
      ALTER TABLE post_reviews ADD COLUMN seen_date TEXT;
    `,
  },
];
