/**
 * The commit worker: a thread with its own SQLite connection that runs the issuing pipeline's batch
 * commits. With synchronous=FULL each commit waits for an fsync; here that wait no longer stops the event
 * loop, which keeps answering requests and preparing the next batch meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from './database.ts';
import { commitBatchRows } from './batch-commit.ts';
import type { CommitRequest, CommitResponse } from './commit-client.ts';

const store = openStore((workerData as { file: string }).file);

parentPort!.on('message', (request: CommitRequest) => {
  let response: CommitResponse;
  try {
    response = { id: request.id, saved: commitBatchRows(store, request.counters, request.rows, new Date(request.at)) };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(response);
});
