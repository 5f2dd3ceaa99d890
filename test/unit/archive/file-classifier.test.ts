/** Imported files are classified in a worker thread: the same answers as in-thread, with the event loop free meanwhile. */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { FileClassifier } from '../../../src/archive/file-classifier.ts';
import { classifyFile } from '../../../src/archive/import-file.ts';
import { foreignDocument, signedAnswer } from '../../fixtures/archive-documents.ts';

const ORG = '3101123456';
const classifier = new FileClassifier();
afterAll(() => classifier.close());

describe('FileClassifier', () => {
  it('answers as classifyFile does, the signed bytes included', async () => {
    const doc = foreignDocument(1);
    for (const bytes of [doc.xml, signedAnswer(doc.clave), Buffer.from('<x/>')]) {
      const expected = classifyFile(bytes, ORG);
      expect(await classifier.classify(bytes, ORG)).toEqual(expected);
    }
    const result = await classifier.classify(doc.xml, ORG);
    expect(result.kind === 'document' && Buffer.isBuffer(result.record.signedXml) && result.record.signedXml.equals(doc.xml)).toBe(true);
  }, 30_000);

  it('keeps the event loop free while it verifies signatures', async () => {
    const docs = Array.from({ length: 30 }, (_, i) => foreignDocument(100 + i).xml);
    await classifier.classify(docs[0]!, ORG); // the worker is warm
    const inThread = performance.now();
    for (const xml of docs) classifyFile(xml, ORG);
    const blocking = performance.now() - inThread;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const results = await Promise.all(docs.map((xml) => classifier.classify(xml, ORG)));
    delay.disable();
    expect(results.every((r) => r.kind === 'document')).toBe(true);
    // In this thread the same work holds the loop for its whole length; in the worker, the loop stays free.
    expect(delay.max / 1e6).toBeLessThan(Math.max(50, blocking / 4));
  }, 30_000);
});
