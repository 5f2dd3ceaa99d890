/**
 * A pool of worker threads (a mailbox poll verifies many suppliers' files at once): files read at the same
 * time each get their own answer, the second thread starts only when the first is busy, and a thread that
 * dies loses no request — what it held is answered in this thread, the rest by the thread still running.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { readSupplierFile, type SupplierFile } from '../../../src/received/read-supplier-file.ts';
import { WorkerPool } from '../../../src/threads/worker-pool.ts';
import { foreignDocument, signedAnswer } from '../../fixtures/archive-documents.ts';

const OWNER = '3101123456';
const pools: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('WorkerPool', () => {
  it('reads two suppliers\' files at once in two threads, each with its own answer; one at a time starts one', async () => {
    const pool = new WorkerPool<{ bytes: Buffer; owner: string }, SupplierFile>('read-supplier', 2, {
      fallback: ({ bytes, owner }) => readSupplierFile(bytes, owner),
    });
    pools.push(pool);
    const doc = foreignDocument(1, { issuerId: '3101999999', receiverId: OWNER });
    const answer = signedAnswer(doc.clave);
    expect(pool.running).toBe(0); // nothing started before it is used

    const one = await pool.run({ bytes: doc.xml, owner: OWNER });
    expect(pool.running).toBe(1);
    expect(one.kind).toBe('document');

    const [document, answered] = await Promise.all([pool.run({ bytes: doc.xml, owner: OWNER }), pool.run({ bytes: answer, owner: OWNER })]);
    expect(pool.running).toBe(2);
    expect(document.kind === 'document' && document.document.clave).toBe(doc.clave);
    expect(answered.kind === 'answer' && answered.answer.message.clave).toBe(doc.clave);
    const expected = readSupplierFile(doc.xml, OWNER);
    expect(document.kind === 'document' && expected.kind === 'document' && document.document.chain).toEqual(expected.kind === 'document' && expected.document.chain);
  }, 60_000);

  it('answers every request when a thread dies on one: what it held in this thread, the rest in the thread left', async () => {
    // A thread of its own: it answers with its thread's name, and ends itself on the request "crash".
    const script = `
      const { parentPort } = require('node:worker_threads');
      parentPort.on('message', ({ id, request }) => {
        if (request === 'crash') process.exit(3);
        parentPort.postMessage({ id, result: { echo: request, by: 'worker' } });
      });`;
    const pool = new WorkerPool<string, { echo: string; by: string }>('read-supplier', 2, {
      fallback: (request) => ({ echo: request, by: 'this thread' }),
      start: () => new Worker(script, { eval: true }),
    });
    pools.push(pool);
    // Sent together: the least busy thread takes each, so the second thread holds "crash" and "c".
    const answers = await Promise.all(['a', 'crash', 'b', 'c'].map((r) => pool.run(r)));
    expect(answers.map((a) => a.echo)).toEqual(['a', 'crash', 'b', 'c']);
    expect(answers.find((a) => a.echo === 'crash')!.by).toBe('this thread');
    expect(answers.find((a) => a.echo === 'a')!.by).toBe('worker');
    expect(pool.running).toBe(1);
    // What comes after goes to the thread still running, not to this one.
    expect(await Promise.all(['d', 'e'].map((r) => pool.run(r)))).toEqual([{ echo: 'd', by: 'worker' }, { echo: 'e', by: 'worker' }]);
  }, 30_000);
});
