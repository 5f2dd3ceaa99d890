/**
 * Taking the next consecutive number while issuing. Runs inside the issuing transaction (BEGIN IMMEDIATE),
 * so two requests never get the same number and a failed request rolls its number back.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { counters } from './schema.ts';
import { prepared } from './prepared.ts';

export interface CounterKey {
  organizationId: number;
  environment: string;
  branch: string; // 3 digits
  terminal: string; // 5 digits
  documentType: string;
}

const KEY = and(
  eq(counters.organizationId, sql.placeholder('organizationId')),
  eq(counters.environment, sql.placeholder('environment')),
  eq(counters.branch, sql.placeholder('branch')),
  eq(counters.terminal, sql.placeholder('terminal')),
  eq(counters.documentType, sql.placeholder('documentType')),
);

function statements(db: Db) {
  return prepared(db, 'counters', () => ({
    read: db.select({ next: counters.nextValue }).from(counters).where(KEY).prepare(),
    set: db.update(counters).set({ nextValue: sql`${sql.placeholder('nextValue')}`, updatedAt: sql`${sql.placeholder('updatedAt')}` }).where(KEY).prepare(),
    create: db.insert(counters).values({
      organizationId: sql.placeholder('organizationId'),
      environment: sql.placeholder('environment'),
      branch: sql.placeholder('branch'),
      terminal: sql.placeholder('terminal'),
      documentType: sql.placeholder('documentType'),
      nextValue: sql.placeholder('nextValue'),
      updatedAt: sql.placeholder('updatedAt'),
    }).prepare(),
  }));
}

/** Sets a counter's next value (creating its row when `exists` is false). */
export function setNextConsecutive(db: Db, key: CounterKey, exists: boolean, nextValue: number, now: Date): void {
  const s = statements(db);
  (exists ? s.set : s.create).run({ ...key, nextValue, updatedAt: now.toISOString() });
}

/** The stored next value, or undefined when the counter has no row yet (it then starts at 1). */
export function readNextConsecutive(db: Db, key: CounterKey): number | undefined {
  return statements(db).read.get({ ...key })?.next;
}

/** Returns the number to use now and moves the counter past it. */
export function takeNextConsecutive(db: Db, key: CounterKey, now: Date): number {
  const stored = readNextConsecutive(db, key);
  const value = stored ?? 1;
  setNextConsecutive(db, key, stored !== undefined, value + 1, now);
  return value;
}

/**
 * A client-supplied number counts as used: the counter moves past it when it is at or below it, so the
 * next automatic number never collides with it.
 */
export function noteUsedConsecutive(db: Db, key: CounterKey, used: number, now: Date): void {
  const stored = readNextConsecutive(db, key);
  if (stored !== undefined && stored > used) return;
  setNextConsecutive(db, key, stored !== undefined, used + 1, now);
}
