/**
 * The PostgreSQL store keeps serving when its connection is cut (the server restarted, an administrator ended
 * it): at most the statement that meets the dead connection fails, and the next one connects again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/database.ts';
import { PgBridge } from '../../../src/store/postgres/pg-bridge.ts';
import { ADMIN_URL, throwawayDatabase } from '../../helpers/postgres.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A store on a throw-away database, and an administrator's connection to end its connection with. */
function storeOnItsOwnDatabase() {
  const database = throwawayDatabase();
  const store = openStore(database.url);
  const admin = new PgBridge(ADMIN_URL);
  cleanups.push(() => {
    store.close();
    admin.close();
    database.drop();
  });
  return { database, store, admin };
}

describe('the store on PostgreSQL', () => {
  it('connects again after its connection is ended, and loses nothing committed', () => {
    const { database, store, admin } = storeOnItsOwnDatabase();
    const client = store.db.$client;
    client.prepare("INSERT INTO taxpayer_cache (identification, name, identification_type, payload, fetched_at) VALUES (?, ?, '01', '{}', ?)").run('101110111', 'Ana', new Date().toISOString());
    const pid = (client.prepare('SELECT pg_backend_pid() AS pid').get() as { pid: number }).pid;

    const name = new URL(database.url).pathname.slice(1);
    admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    // Ending a backend is asynchronous: wait until it is gone.
    while (admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]).rows.length > 0) admin.query('SELECT pg_sleep(0.01)');
    // The statement that meets the dead connection fails (unless the connection heard of its end first); the
    // next one is served on a new connection.
    let failed = 0;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        client.prepare('SELECT 1 AS one').get();
        break;
      } catch {
        failed += 1;
      }
    }
    expect(failed).toBeLessThanOrEqual(1);

    expect(store.isHealthy()).toBe(true);
    expect((client.prepare('SELECT pg_backend_pid() AS pid').get() as { pid: number }).pid).not.toBe(pid);
    expect(client.prepare('SELECT name FROM taxpayer_cache WHERE identification = ?').get('101110111')).toEqual({ name: 'Ana' });
  });

  it('fails a transaction whose connection is lost as a whole: none of its statements commits on a new connection', () => {
    const { store, admin } = storeOnItsOwnDatabase();
    const insert = store.db.$client.prepare("INSERT INTO taxpayer_cache (identification, name, identification_type, payload, fetched_at) VALUES (?, ?, '01', '{}', ?)");
    const at = new Date().toISOString();
    const pid = (store.db.$client.prepare('SELECT pg_backend_pid() AS pid').get() as { pid: number }).pid;
    expect(() => store.transaction(() => {
      insert.run('1', 'before the cut', at);
      admin.query('SELECT pg_terminate_backend($1)', [pid]);
      while (admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]).rows.length > 0) admin.query('SELECT pg_sleep(0.01)');
      insert.run('2', 'after the cut', at);
      insert.run('3', 'after the cut', at);
    })).toThrow();
    expect(store.db.$client.prepare('SELECT identification FROM taxpayer_cache').pluck().all()).toEqual([]);
  });

  it('rolls back a transaction whose statement fails, and the next one commits', () => {
    const database = throwawayDatabase();
    const store = openStore(database.url);
    cleanups.push(() => {
      store.close();
      database.drop();
    });
    const insert = store.db.$client.prepare("INSERT INTO taxpayer_cache (identification, name, identification_type, payload, fetched_at) VALUES (?, ?, '01', '{}', ?)");
    const at = new Date().toISOString();
    expect(() => store.transaction(() => {
      insert.run('1', 'first', at);
      insert.run('1', 'again', at); // the same key: the transaction fails as a whole
    })).toThrow(/UNIQUE constraint failed: taxpayer_cache\.identification/);
    store.transaction(() => insert.run('2', 'second', at));
    expect(store.db.$client.prepare('SELECT identification FROM taxpayer_cache ORDER BY 1').pluck().all()).toEqual(['2']);
  });
});
