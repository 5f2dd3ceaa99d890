/**
 * Head office (docs/replication.md, "Documents"): the VAT lines of the documents a till just sent, read from
 * their signed XML after the till has its answer. Reading an XML takes longer than storing it (~1.4 ms in the
 * one VAT worker against ~0.5 ms for the rest of the intake): in the request it was two thirds of a batch's
 * time, and a till after a day offline waited on it. The worksheet does not need them before it is asked for,
 * and its backfill (reports/vat-backfill.ts) reads any document still without figures then, so a crash before
 * this ran loses nothing. At most MAX_WAITING documents wait here; beyond that (a very long backlog arriving
 * faster than the worker reads) the rest is left to the backfill rather than held in memory.
 */
import type { DocumentVat } from '../../domain/vat-lines.ts';
import { transactionMonth } from '../../domain/vat-lines.ts';
import type { Store } from '../../store/database.ts';
import { insertReplicatedVat } from '../../store/replicated-documents.ts';

export type VatReading = { vat: DocumentVat } | { problem: string };

/** A stored document whose VAT lines are to be read. */
export interface StoredForVat {
  id: number;
  organizationId: number;
  environment: string;
  documentType: string;
  issuedAt: string;
  signedXml: Buffer;
}

export interface VatAfterIntakeDependencies {
  store: Pick<Store, 'transaction'>;
  /** A signed XML's VAT figures (reports/document-vat-reader.ts, in a worker). */
  readVat: (bytes: Buffer) => Promise<VatReading>;
  /** Told when a batch's figures could not be kept (the store closing, say): the backfill will read them. */
  warn?: (message: string) => void;
}

export const MAX_WAITING = 5_000;

export class VatAfterIntake {
  private waiting = 0;
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: VatAfterIntakeDependencies) {}

  /** Reads and keeps the documents' VAT lines in the background; returns at once. */
  keep(documents: readonly StoredForVat[]): void {
    if (documents.length === 0 || this.waiting + documents.length > MAX_WAITING) return;
    this.waiting += documents.length;
    const work = this.read(documents)
      .catch((error: unknown) => this.deps.warn?.(`VAT lines of ${documents.length} replicated document(s) left to the worksheet's backfill: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.waiting -= documents.length;
        this.running.delete(work);
      });
    this.running.add(work);
  }

  /** Resolves once every batch handed over so far is kept (tests; a server's orderly stop). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async read(documents: readonly StoredForVat[]): Promise<void> {
    const read = await Promise.all(documents.map(async (d) => ({ d, reading: await this.deps.readVat(d.signedXml) })));
    // An unreadable XML keeps no figures: the worksheet's backfill reports it.
    const entries = read.flatMap(({ d, reading }) => ('vat' in reading
      ? [{ key: { source: 'issued' as const, documentId: d.id, organizationId: d.organizationId, environment: d.environment, month: transactionMonth(d.issuedAt), documentType: d.documentType }, vat: reading.vat }]
      : []));
    this.deps.store.transaction((db) => insertReplicatedVat(db, entries));
  }
}
