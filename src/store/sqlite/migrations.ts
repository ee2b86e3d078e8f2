import { AGENT_MIGRATIONS } from './agent-timers.js';
import { AUTOMATION_MIGRATIONS } from './automations.js';
import { LICENSE_MIGRATIONS } from './licenses.js';
import { SECURITY_MIGRATIONS } from './security.js';

/**
 * Versioned schema migrations, applied in order at start inside one transaction each.
 * Never edit a migration that has shipped: add a new one.
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    id: 1,
    name: 'accounts',
    sql: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        username TEXT NOT NULL,
        username_key TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('admin','user','viewer')),
        status TEXT NOT NULL CHECK (status IN ('pending','active')),
        disabled INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        last_used_at TEXT NOT NULL,
        user_agent TEXT,
        ip TEXT,
        revoked_at TEXT
      );
      CREATE INDEX sessions_user ON sessions(user_id);
      CREATE TABLE invites (
        code TEXT PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('admin','user','viewer')),
        created_by TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT,
        max_uses INTEGER NOT NULL,
        uses INTEGER NOT NULL DEFAULT 0,
        revoked_at TEXT
      );
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    id: 10,
    name: 'home core: entity registry, devices, areas, scenes, history',
    sql: `
      CREATE TABLE areas (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        floor TEXT
      );
      CREATE TABLE devices (
        id TEXT PRIMARY KEY,
        integration TEXT NOT NULL,
        discovered_name TEXT NOT NULL,
        name_override TEXT,
        manufacturer TEXT,
        model TEXT,
        identifiers TEXT NOT NULL,
        suggested_area TEXT,
        area_override TEXT
      );
      CREATE TABLE entities (
        entity_id TEXT PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        integration TEXT NOT NULL,
        domain TEXT NOT NULL,
        discovered_name TEXT NOT NULL,
        device_id TEXT,
        suggested_area TEXT,
        capabilities TEXT NOT NULL,
        labels TEXT NOT NULL,
        aliases TEXT NOT NULL,
        name_override TEXT,
        area_override TEXT,
        state TEXT NOT NULL,
        attributes TEXT NOT NULL,
        last_changed TEXT NOT NULL,
        last_updated TEXT NOT NULL
      );
      CREATE TABLE scenes (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        builtin INTEGER NOT NULL,
        definition TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity_id TEXT NOT NULL,
        state TEXT NOT NULL,
        attributes TEXT NOT NULL,
        cause_type TEXT NOT NULL,
        cause_id TEXT,
        correlation_id TEXT,
        at TEXT NOT NULL
      );
      CREATE INDEX history_entity_at ON history(entity_id, at);
      CREATE INDEX history_at ON history(at);
    `,
  },
  {
    id: 11,
    name: 'history: the person on whose behalf an agent acted',
    sql: `ALTER TABLE history ADD COLUMN cause_user_id TEXT;`,
  },
  ...AUTOMATION_MIGRATIONS,
  ...LICENSE_MIGRATIONS,
  ...SECURITY_MIGRATIONS,
  ...AGENT_MIGRATIONS,
];
