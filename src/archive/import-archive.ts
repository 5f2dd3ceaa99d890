/**
 * Imports a ZIP of another provider's XML into an organization's archive (table `imported_documents`).
 *
 * Each file is classified on its own (import-file.ts). Documents are written in small transactions, one
 * row per document, so a file is either stored whole or not at all; a clave already in the archive (imported
 * before, issued here, or earlier in the same upload) is skipped. The tax authority's answers are paired
 * with their documents by clave once every document is in: a last pass reads them again and stores each
 * with its document (an imported document that still lacks one, from this upload or an earlier one). An
 * answer whose document is nowhere is a problem. Bad files become `problems`; they never stop the import.
 */
import type { Entry } from 'yauzl';
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import { attachImportedResponse, claveInArchive, insertImportedDocument } from '../store/imported-documents.ts';
import type { ImportedRecord } from './import-file.ts';
import { FileClassifier } from './file-classifier.ts';
import type { ChainResult } from '../signing/verify-chain.ts';
import { DEFAULT_IMPORT_LIMITS, ZipReader, type ImportLimits } from './zip-reader.ts';

export interface ImportTarget {
  store: Store;
  clock: Clock;
  organization: { id: number; identificationNumber: string };
  environment: string;
}

export interface ImportProblem {
  file: string;
  reason: string;
}

export interface ImportResult {
  /** Documents stored. */
  imported: number;
  /** Documents already in the archive (or repeated in the upload). */
  skipped: number;
  /** Tax-authority answers stored with their documents. */
  responses: number;
  problems: ImportProblem[];
  /** Files imported whose signature is valid but whose certificate chain to a Costa Rican root could not be verified. */
  chainNotVerified: number;
  /** "signature valid, chain not verified" and why, for the first MAX_NOTES such files. */
  notes: ImportProblem[];
}

export interface ImportOptions {
  limits?: ImportLimits;
  /** Entries visited so far, of `total`. */
  onProgress?: (done: number, total: number) => void;
}

/** Notes listed by file: an archive of years holds thousands of documents with the same unverifiable chain. */
const MAX_NOTES = 100;

/** Documents per transaction: few enough that a transaction is short, enough that commits are not the cost. */
const BATCH = 100;

/**
 * Entries that carry no document and are left out silently: folders, operating-system litter, and the
 * index.csv of this app's own exports (so that an export imports into another installation cleanly).
 */
function isNoise(name: string): boolean {
  const base = name.split('/').pop() ?? '';
  return name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.') || base === 'Thumbs.db' || name === 'index.csv';
}

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

class ImportSession {
  readonly result: ImportResult = { imported: 0, skipped: 0, responses: 0, problems: [], chainNotVerified: 0, notes: [] };
  private batch: { record: ImportedRecord; file: string; chain: ChainResult }[] = [];
  private readonly seen = new Set<string>();
  /** Answers to store in the last pass: entry index -> clave and chain. */
  readonly answers = new Map<number, { clave: string; chain: ChainResult }>();

  constructor(private readonly target: ImportTarget, private readonly classifier: FileClassifier) {}

  problem(file: string, reason: string): void {
    this.result.problems.push({ file, reason });
  }

  /** Imported all the same: the signature is valid and the signer is the issuer; only the chain is unknown. */
  private chainNotVerified(file: string, detail: string): void {
    this.result.chainNotVerified++;
    if (this.result.notes.length < MAX_NOTES) this.result.notes.push({ file, reason: `signature valid, chain not verified: ${detail}` });
  }

  /** One entry's bytes. */
  async accept(file: string, index: number, bytes: Buffer): Promise<void> {
    if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return this.problem(file, 'a ZIP inside the ZIP: nested archives are not opened');
    const classified = await this.classifier.classify(bytes, this.target.organization.identificationNumber);
    if (classified.kind === 'problem') return this.problem(file, classified.reason);
    if (classified.kind === 'answer') {
      this.answers.set(index, { clave: classified.clave, chain: classified.chain });
      return;
    }
    if (this.seen.has(classified.record.clave)) {
      this.result.skipped++;
      return;
    }
    this.seen.add(classified.record.clave);
    this.batch.push({ record: classified.record, file, chain: classified.chain });
    if (this.batch.length >= BATCH) this.flush();
  }

  /** Writes the documents gathered so far, each one alone or not at all. */
  flush(): void {
    const batch = this.batch.splice(0);
    if (batch.length === 0) return;
    const { store, clock, organization, environment } = this.target;
    const importedAt = clock.now().toISOString();
    store.transaction((db) => {
      for (const { record, file, chain } of batch) {
        if (claveInArchive(db, organization.id, environment, record.clave)) {
          this.result.skipped++;
          continue;
        }
        insertImportedDocument(db, { ...record, organizationId: organization.id, environment, sourceFile: file, importedAt });
        this.result.imported++;
        if (!chain.verified) this.chainNotVerified(file, chain.detail);
      }
    });
  }

  attachAnswers(answers: { file: string; clave: string; chain: ChainResult; bytes: Buffer }[]): void {
    const { store, organization, environment } = this.target;
    store.transaction((db) => {
      for (const { file, clave, chain, bytes } of answers) {
        const outcome = attachImportedResponse(db, organization.id, environment, clave, bytes);
        if (outcome === 'attached') this.result.responses++;
        if (outcome === 'attached' && !chain.verified) this.chainNotVerified(file, chain.detail);
        else if (outcome === 'missing') this.problem(file, `an answer for ${clave}, a document that is neither in this upload nor in the archive`);
      }
    });
  }
}

async function readOrProblem(session: ImportSession, file: string, read: () => Promise<Buffer>): Promise<Buffer | undefined> {
  try {
    return await read();
  } catch (error) {
    session.problem(file, `cannot be read from the ZIP: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

function unreadable(entry: Entry): string | undefined {
  if (entry.isEncrypted()) return 'encrypted: import an archive without a password';
  if (!entry.canDecodeFileData()) return `compressed with method ${entry.compressionMethod}, which cannot be read (use deflate)`;
  return undefined;
}

/** Imports the ZIP at `path`; ArchiveRejected (nothing written) when the archive as a whole is refused. */
export async function importZipFile(path: string, target: ImportTarget, options: ImportOptions = {}): Promise<ImportResult> {
  const reader = await ZipReader.open(path, options.limits ?? DEFAULT_IMPORT_LIMITS);
  const classifier = new FileClassifier();
  const session = new ImportSession(target, classifier);
  let done = 0;
  try {
    await reader.forEach(async (entry, index, read) => {
      options.onProgress?.(++done, reader.entryCount);
      if (isNoise(entry.fileName)) return;
      const refused = unreadable(entry);
      if (refused) return session.problem(entry.fileName, refused);
      const bytes = await readOrProblem(session, entry.fileName, read);
      if (bytes) await session.accept(entry.fileName, index, bytes);
    });
  } finally {
    await classifier.close();
  }
  session.flush();
  if (session.answers.size > 0) {
    const pending: { file: string; clave: string; chain: ChainResult; bytes: Buffer }[] = [];
    await reader.forEach(async (entry, index, read) => {
      const answer = session.answers.get(index);
      if (answer === undefined) return;
      const bytes = await readOrProblem(session, entry.fileName, read);
      if (bytes) pending.push({ file: entry.fileName, ...answer, bytes });
      if (pending.length >= BATCH) session.attachAnswers(pending.splice(0));
    });
    session.attachAnswers(pending);
  }
  return session.result;
}
