/** What crosses between the store's thread and its PostgreSQL thread (pg-bridge.ts, pg-worker.ts). */
export interface BridgeRequest {
  /** Echoed in the answer: an answer to an earlier, abandoned question is told apart. */
  id: number;
  sql: string;
  params: unknown[];
  /** Ends the connection instead of running `sql`. */
  close?: boolean;
  /**
   * Run only on this connection (its number, from an earlier answer): a statement of a transaction whose
   * connection was lost fails instead of running, committed at once, on a new one.
   */
  connection?: number;
}

export interface BridgeError {
  message: string;
  code?: string;
  table?: string;
  constraint?: string;
  detail?: string;
}

/** Every answer names the connection that gave it (numbered from 1, each new one the next). */
export type BridgeAnswer = ({ rows: unknown[][]; fields: string[]; rowCount: number } | { error: BridgeError }) & { id?: number; connection?: number };

/** A Buffer crosses threads as a plain Uint8Array: a Buffer again, as pg binds and better-sqlite3 answers. */
export function asBuffer(value: unknown): unknown {
  return value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;
}
