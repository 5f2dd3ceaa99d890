/**
 * How PostgreSQL's values come back, chosen so the store reads the same JavaScript values on both engines:
 * ids and counts as numbers (int8 — ids stay far below 2^53), money (`numeric`) as its exact decimal text,
 * instants (`timestamptz`) as the ISO 8601 text SQLite keeps, booleans as SQLite's 1/0, JSON as its text
 * (drizzle parses the columns it declares as JSON).
 */
import pg from 'pg';

const OID = { bool: 16, int8: 20, json: 114, date: 1082, timestamp: 1114, timestamptz: 1184, jsonb: 3802 } as const;

const asDate = pg.types.getTypeParser(OID.timestamptz, 'text') as (text: string) => Date;
const iso = (text: string) => asDate(text).toISOString();

const parsers: Record<number, (text: string) => unknown> = {
  [OID.bool]: (text) => (text === 't' ? 1 : 0),
  [OID.int8]: Number,
  [OID.json]: (text) => text,
  [OID.jsonb]: (text) => text,
  [OID.date]: (text) => text,
  [OID.timestamptz]: iso,
};

export const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parser = parsers[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as unknown as pg.CustomTypesConfig;
