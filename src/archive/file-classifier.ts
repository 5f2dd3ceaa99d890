/**
 * Runs classifyFile (import-file.ts: the XML reader and the signature verifier, milliseconds to tens of
 * milliseconds a file) in a worker thread (threads/request-worker.ts), so that an import — hostile or merely
 * large — never holds the event loop the counter's issuing runs on.
 */
import { RequestWorker } from '../threads/request-worker.ts';
import { classifyFile, type ClassifiedFile } from './import-file.ts';

interface ClassifyRequest {
  bytes: Buffer;
  owner: string;
}

export class FileClassifier {
  private readonly worker = new RequestWorker<ClassifyRequest, ClassifiedFile>('classify', {
    fallback: ({ bytes, owner }) => classifyFile(bytes, owner),
    revive: (result) => {
      if (result.kind === 'document') result.record.signedXml = Buffer.from(result.record.signedXml);
      return result;
    },
  });

  /** The file's classification; the bytes are copied to the worker, the caller keeps its own. */
  classify(bytes: Buffer, owner: string): Promise<ClassifiedFile> {
    return this.worker.run({ bytes, owner });
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
