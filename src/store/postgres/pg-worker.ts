/**
 * The thread that holds the store's PostgreSQL connection (`pg`). The main thread hands it one statement at a
 * time and sleeps on a shared flag until the answer is posted back (pg-bridge.ts): that keeps the store
 * synchronous on both engines, so a transaction of the issuing path cannot interleave with other work of
 * its process, exactly as with better-sqlite3.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import pg from 'pg';
import { pgTypes } from './pg-types.ts';
import { asBuffer, type BridgeAnswer, type BridgeRequest } from './pg-bridge-protocol.ts';

const { url, flag: flagBuffer, port } = workerData as { url: string; flag: SharedArrayBuffer; port: MessagePort };
const flag = new Int32Array(flagBuffer);
/**
 * The connection, opened on the first statement and again on the first statement after it broke (the server
 * restarted, the network dropped): the statement in flight fails, a transaction it was part of is rolled back
 * by the server, and the store goes on with the next one.
 */
let client: pg.Client | undefined;
let connected: Promise<pg.Client> | undefined;
/** The number of the current connection (0: none yet). */
let generation = 0;

function connection(): Promise<pg.Client> {
  if (connected) return connected;
  const fresh = new pg.Client({ connectionString: url, types: pgTypes, application_name: 'facturador' });
  generation += 1;
  fresh.on('error', () => forget(fresh));
  client = fresh;
  names.clear(); // named statements belong to a connection
  // UTC for the instants read back; a lock waited for longer than SQLite's busy timeout is SQLITE_BUSY (503);
  // no statement runs longer than the store's thread waits for its answer (pg-bridge.ts).
  connected = fresh.connect().then(() => fresh.query("SET TIME ZONE 'UTC'; SET lock_timeout = '5s'; SET statement_timeout = '50s'")).then(() => fresh);
  connected.catch(() => forget(fresh));
  return connected;
}

function forget(broken: pg.Client): void {
  if (client !== broken) return;
  client = undefined;
  connected = undefined;
  void broken.end().catch(() => {});
}

const names = new Map<string, string>();
function statementName(text: string): string | undefined {
  // Named statements are parsed once per connection; one-off SQL (built with inline lists) is not kept.
  if (names.size > 2000 || /\bIN \((?:\$\d+, ){8,}/.test(text)) return names.get(text);
  let name = names.get(text);
  if (!name) names.set(text, (name = `f${names.size + 1}`));
  return name;
}

async function answer(request: BridgeRequest): Promise<BridgeAnswer> {
  try {
    if (request.connection !== undefined && (!connected || request.connection !== generation)) {
      return { error: { message: 'the connection to PostgreSQL was lost during the transaction; nothing of it was saved', code: '08006' } };
    }
    const db = await connection();
    if (request.close) {
      await db.end();
      return { rows: [], fields: [], rowCount: 0 };
    }
    const result = await db.query({
      text: request.sql,
      values: request.params.map(asBuffer), // pg binds Buffers as bytea
      rowMode: 'array',
      name: request.params.length > 0 ? statementName(request.sql) : undefined,
    });
    const results = Array.isArray(result) ? result : [result];
    const last = results[results.length - 1] as pg.QueryArrayResult;
    return { rows: last.rows ?? [], fields: (last.fields ?? []).map((f) => f.name), rowCount: last.rowCount ?? 0 };
  } catch (error) {
    const e = error as pg.DatabaseError;
    // No SQLSTATE, a connection exception (08) or the server shutting it (57): the next statement opens a new one.
    if ((!e.code || /^(08|57)/.test(e.code)) && client) forget(client);
    return { error: { message: e.message, code: e.code, table: e.table, constraint: e.constraint, detail: e.detail } };
  }
}

port.on('message', (request: BridgeRequest) => {
  void answer(request).then((reply) => {
    port.postMessage({ ...reply, id: request.id, connection: generation });
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  });
});
parentPort?.postMessage('ready');
