/**
 * Numbered schema migrations: entry N brings `user_version` from N to N + 1. Append only; never edit
 * a shipped entry. Times are stored as Unix milliseconds, JSON columns as text.
 */
export const migrations: readonly string[] = [
  `
  CREATE TABLE organizations (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    email TEXT NOT NULL,
    name TEXT NOT NULL
  );
  CREATE TABLE brands (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    name TEXT NOT NULL,
    position INTEGER NOT NULL
  );
  CREATE TABLE integrations (
    id TEXT PRIMARY KEY,
    brand_id TEXT NOT NULL REFERENCES brands(id),
    platform TEXT NOT NULL,
    name TEXT NOT NULL,
    handle TEXT NOT NULL,
    picture TEXT,
    disconnected INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    label TEXT NOT NULL,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    user_id TEXT NOT NULL REFERENCES users(id),
    token_hash TEXT NOT NULL UNIQUE,
    mode TEXT NOT NULL,
    scopes TEXT NOT NULL,
    brand_ids TEXT,
    revoked_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE media (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    name TEXT NOT NULL,
    file TEXT NOT NULL,
    thumbnail_file TEXT NOT NULL,
    mime TEXT NOT NULL,
    kind TEXT NOT NULL,
    size INTEGER NOT NULL,
    alt TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX media_by_org ON media(organization_id);
  CREATE TABLE posts (
    id TEXT PRIMARY KEY,
    group_id TEXT NOT NULL,
    brand_id TEXT NOT NULL REFERENCES brands(id),
    integration_id TEXT NOT NULL REFERENCES integrations(id),
    state TEXT NOT NULL,
    publish_date INTEGER NOT NULL,
    blocks TEXT NOT NULL,
    settings TEXT NOT NULL,
    comment_delays TEXT,
    short_link INTEGER NOT NULL,
    blocks_published INTEGER NOT NULL DEFAULT 0,
    next_block_at INTEGER,
    release_url TEXT,
    published_at INTEGER,
    error TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX posts_by_brand_date ON posts(brand_id, publish_date);
  CREATE INDEX posts_by_group ON posts(group_id);
  CREATE INDEX posts_due ON posts(state, publish_date);
  CREATE TABLE short_links (
    code TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  // GET /posts reads a brand's month in (publish_date, id) order: with id in the index SQLite walks
  // the rows in that order instead of sorting the month in a temporary B-tree on every request.
  `
  CREATE INDEX posts_by_brand_date_id ON posts(brand_id, publish_date, id);
  DROP INDEX posts_by_brand_date;
  `,
  // Short links belong to the post whose text carries them and are deleted with it, however the post
  // goes (DELETE /posts/:group, another process on the file): a trigger, not the route, so none is
  // missed. Links written before are given the post whose text holds them; those whose post is
  // already gone are removed.
  `
  ALTER TABLE short_links ADD COLUMN post_id TEXT;
  UPDATE short_links SET post_id = (SELECT id FROM posts WHERE instr(posts.blocks, '/s/' || short_links.code) > 0 LIMIT 1);
  DELETE FROM short_links WHERE post_id IS NULL;
  CREATE INDEX short_links_by_post ON short_links(post_id);
  CREATE TRIGGER posts_delete_short_links AFTER DELETE ON posts BEGIN
    DELETE FROM short_links WHERE post_id = OLD.id;
  END;
  `,
];
