/**
 * A synchronous PostgreSQL connection: each statement is handed to the connection's own thread
 * (pg-worker.ts) and this thread sleeps on a shared flag (Atomics.wait) until the answer is there. The
 * store's repositories and use cases keep their synchronous transactions on both engines: a process runs
 * one transaction at a time, as it does on SQLite, and processes meet only in the database (row locks,
 * SKIP LOCKED), which is where the guarantees between processes belong anyway.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { startWorker } from '../../threads/worker-script.ts';
import { asBuffer, type BridgeAnswer, type BridgeError } from './pg-bridge-protocol.ts';

/** Longer than any statement of ours may take (lock_timeout is shorter): a dead connection thread is an error, not a hang. */
const ANSWER_TIMEOUT_MS = 60_000;

export interface QueryResult {
  rows: unknown[][];
  fields: string[];
  rowCount: number;
  /** The connection that answered (pg-bridge-protocol.ts). */
  connection: number;
}

export class PgBridge {
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly port: MessagePort;
  private readonly worker: Worker;
  private sequence = 0;
  private lastConnection = 0;
  /** Called when a statement was answered on a new connection after an earlier one was lost. */
  onReconnect: (() => void) | undefined;
  private closed = false;

  constructor(url: string) {
    const channel = new MessageChannel();
    this.port = channel.port1;
    const worker = startWorker('pg-bridge', undefined, { data: { url, flag: this.flag.buffer, port: channel.port2 }, transfer: [channel.port2] });
    if (!worker) throw new Error('the PostgreSQL connection thread could not start');
    this.worker = worker;
    this.worker.unref();
    this.port.unref();
  }

  /** Runs `sql`; with `connection`, only on that connection (a statement of a transaction). */
  query(sql: string, params: unknown[] = [], connection?: number): QueryResult {
    if (this.closed) throw new TypeError('The database connection is not open');
    const answer = this.ask({ sql, params, connection });
    const answeredOn = answer.connection ?? 0;
    if (answeredOn > this.lastConnection) {
      const reconnected = this.lastConnection > 0;
      this.lastConnection = answeredOn;
      if (reconnected) this.onReconnect?.();
    }
    if ('error' in answer) throw asStoreError(answer.error, sql);
    for (const row of answer.rows) for (let i = 0; i < row.length; i++) row[i] = asBuffer(row[i]);
    return { ...answer, connection: answeredOn };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.ask({ sql: '', params: [], close: true });
    } finally {
      void this.worker.terminate();
    }
  }

  private ask(request: { sql: string; params: unknown[]; close?: boolean; connection?: number }): BridgeAnswer {
    const id = ++this.sequence;
    const deadline = Date.now() + ANSWER_TIMEOUT_MS;
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage({ ...request, id });
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('PostgreSQL did not answer within a minute');
      Atomics.wait(this.flag, 0, 0, left);
      const answer = receiveMessageOnPort(this.port)?.message as (BridgeAnswer & { id: number }) | undefined;
      if (answer?.id === id) return answer;
      // The flag can be seen before the answer is (or an answer abandoned by a timeout comes late): wait on.
      if (!answer) Atomics.wait(this.flag, 0, 1, 1);
    }
  }
}

/**
 * PostgreSQL's errors in the words the store already understands (SQLite's codes): a unique violation names
 * `table.column` as SQLite does, lock and serialization conflicts are SQLITE_BUSY (503 and retry).
 */
function asStoreError(error: BridgeError, sql: string): Error {
  const failure = new Error(error.message) as Error & { code?: string; sql?: string };
  failure.sql = sql.slice(0, 500);
  switch (error.code) {
    case '23505': {
      const columns = /^Key \(([^)]*)\)/.exec(error.detail ?? '')?.[1]?.split(', ') ?? [];
      failure.message = `UNIQUE constraint failed: ${columns.map((c) => `${error.table}.${c}`).join(', ')} (${error.constraint})`;
      failure.code = 'SQLITE_CONSTRAINT_UNIQUE';
      break;
    }
    case '23503':
      failure.code = 'SQLITE_CONSTRAINT_FOREIGNKEY';
      break;
    case '23502':
    case '23514':
      failure.code = 'SQLITE_CONSTRAINT';
      break;
    case '08006':
      failure.code = 'SQLITE_IOERR'; // the connection went: the store is unavailable for that statement
      break;
    case '55P03':
    case '40001':
    case '40P01':
      failure.code = 'SQLITE_BUSY';
      break;
    default:
      failure.code = error.code ? `PG_${error.code}` : undefined;
  }
  return failure;
}
