/** The store's SQL as PostgreSQL runs it (src/store/postgres/pg-dialect.ts). */
import { describe, expect, it } from 'vitest';
import { toPostgres } from '../../../src/store/postgres/pg-dialect.ts';

describe('toPostgres', () => {
  it('numbers placeholders, leaving question marks in quoted text and names alone', () => {
    expect(toPostgres(`SELECT '?' AS "a?", x FROM t WHERE y = ? AND z = ?`).text).toBe(`SELECT '?' AS "a?", x FROM t WHERE y = $1 AND z = $2`);
  });

  it('binds named parameters by name, each as often as it appears', () => {
    const sql = toPostgres('SELECT 1 FROM t WHERE a = @org AND b = @cashier AND c = @org');
    expect(sql.text).toBe('SELECT 1 FROM t WHERE a = $1 AND b = $2 AND c = $1');
    expect(sql.bind([{ cashier: 7, org: 3 }])).toEqual([3, 7]);
  });

  it('takes one array of values as better-sqlite3 does', () => {
    expect(toPostgres('INSERT INTO t (a, b) VALUES (?, ?)').bind([[1, 'x']])).toEqual([1, 'x']);
  });

  it("keeps SQLite's case-blind LIKE and the repositories' camelCase aliases, not type names", () => {
    expect(toPostgres("SELECT total_amount AS totalAmount, CAST(x AS TEXT) AS n FROM t WHERE name LIKE ? ESCAPE '\\'").text)
      .toBe(`SELECT total_amount AS "totalAmount", CAST(x AS TEXT) AS n FROM t WHERE name ILIKE $1 ESCAPE '\\'`);
  });

  it('unqualifies the conflict target and returns the id SQLite would report as lastInsertRowid', () => {
    const sql = toPostgres('insert into "counters" ("a", "b") values (?, ?) on conflict ("counters"."a", "counters"."b") do nothing', new Set(['counters']));
    expect(sql.text).toBe('insert into "counters" ("a", "b") values ($1, $2) on conflict ("a", "b") do nothing RETURNING "id"');
  });
});
