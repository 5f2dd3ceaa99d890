/**
 * PostgreSQL's migrations (src/store/migrations-pg/) are written apart from SQLite's, which drizzle generates
 * from schema.ts: this keeps them from drifting. Every table and column of schema.ts exists in a migrated
 * PostgreSQL database with the type the store reads back as SQLite's (money numeric, instants timestamptz).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../../../src/store/schema.ts';
import { openStore } from '../../../src/store/database.ts';
import { pgColumnType } from '../../../src/store/postgres/pg-column-types.ts';
import { throwawayDatabase } from '../../helpers/postgres.ts';

const database = throwawayDatabase();
const store = openStore(database.url);
afterAll(() => {
  store.close();
  database.drop();
});

const PG_NAMES: Record<string, string> = { numeric: 'numeric', timestamptz: 'timestamp with time zone', bytea: 'bytea', bigint: 'bigint', integer: 'integer', text: 'text', 'double precision': 'double precision' };

describe('the PostgreSQL migrations', () => {
  it('have every table and column of schema.ts, in the engine’s types', () => {
    const actual = new Map<string, string>();
    const rows = store.db.$client.prepare("SELECT table_name AS t, column_name AS c, data_type AS type FROM information_schema.columns WHERE table_schema = 'public'").all() as { t: string; c: string; type: string }[];
    for (const row of rows) actual.set(`${row.t}.${row.c}`, row.type);
    const missing: string[] = [];
    const mistyped: string[] = [];
    for (const table of (Object.values(schema) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable))) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        const expected = PG_NAMES[pgColumnType(config.name, column.name, column.getSQLType(), (column as unknown as { mode?: string }).mode)];
        if (!actual.has(key)) missing.push(key);
        else if (actual.get(key) !== expected) mistyped.push(`${key}: ${actual.get(key)}, not ${expected}`);
      }
    }
    expect(missing, 'columns of schema.ts without a PostgreSQL migration (npm run db:generate-pg, or by hand)').toEqual([]);
    expect(mistyped).toEqual([]);
  });

  it('keep money exact and instants as the ISO text SQLite keeps', () => {
    const client = store.db.$client;
    client.prepare("INSERT INTO taxpayer_cache (identification, name, identification_type, payload, fetched_at) VALUES ('1', 'A', '01', '{}', ?)").run('2026-11-27T06:05:04.321Z');
    expect(client.prepare("SELECT fetched_at FROM taxpayer_cache WHERE identification = '1'").pluck().get()).toBe('2026-11-27T06:05:04.321Z');
    expect(client.prepare("SELECT CAST('0.10000' AS numeric) + CAST('0.20000' AS numeric) AS n").pluck().get()).toBe('0.30000');
  });
});
