/**
 * Issuing many documents at once without giving up exact numbering. Requests arriving during one turn of
 * the event loop form a batch:
 *   1. numbers are taken from the stored counters in memory and each XML is written and prepared for
 *      signing (synchronously, so nothing else interleaves);
 *   2. the RSA signatures run on libuv's thread pool, off the event loop, all at once;
 *   3. one transaction checks that no counter moved meanwhile, moves them, and saves every document with
 *      its job and event: one fsync for the whole batch.
 * Only one batch is in flight at a time. Whenever anything goes wrong after numbers were taken (a counter
 * changed by another request, a failed save, a failed signature), the batch is redone one document at a
 * time on the slow path, which numbers, signs and saves inside its own transaction — so a failure never
 * leaves a gap or a duplicate, and a request that fails takes no number.
 */
import { sign } from 'node:crypto';
import type { CounterRef, CounterWrite, IssuingBackend, IssuingScope, Numbering, SavedDocument } from '../domain/issuing-port.ts';
import type { DocumentModel } from '../domain/document-model.ts';
import { completeSignatureAsync, type PendingSignature } from '../signing/xades-signer.ts';
import { issuedRecord, numberAndPrepare, type PreparedIssue } from './issue.ts';

export interface IssueResult extends SavedDocument {
  model: DocumentModel;
  simulate?: 'accepted' | 'rejected';
}

interface Item {
  prepared: PreparedIssue;
  scope: IssuingScope;
  resolve(result: IssueResult): void;
  reject(error: unknown): void;
}

interface Staged {
  item: Item;
  model: DocumentModel;
  pending: PendingSignature;
}

const scopeKey = (s: IssuingScope) => `${s.organizationId}|${s.environment}`;
const counterKey = (s: IssuingScope, c: CounterRef) => `${scopeKey(s)}|${c.branch}|${c.terminal}|${c.documentType}`;

/** Counters and numbers of one batch, kept in memory until the batch commits. */
class BatchNumbering {
  readonly counters = new Map<string, CounterWrite>();
  private readonly taken = new Map<string, { consecutives: Map<string, string>; claves: Map<string, string> }>();
  changes = 0;

  constructor(private readonly backend: IssuingBackend) {}

  private counter(scope: IssuingScope, counter: CounterRef): CounterWrite {
    const key = counterKey(scope, counter);
    let entry = this.counters.get(key);
    if (!entry) {
      const expected = this.backend.readCounter(scope, counter);
      this.counters.set(key, (entry = { scope, counter, expected, next: expected ?? 1 }));
    }
    return entry;
  }

  private takenIn(scope: IssuingScope) {
    let t = this.taken.get(scopeKey(scope));
    if (!t) this.taken.set(scopeKey(scope), (t = { consecutives: new Map(), claves: new Map() }));
    return t;
  }

  /** Remembers a batch document, so that a later one of the same batch cannot reuse its numbers. */
  noteIssued(scope: IssuingScope, model: DocumentModel): void {
    const t = this.takenIn(scope);
    t.consecutives.set(model.consecutive, model.clave);
    t.claves.set(model.clave, model.consecutive);
  }

  numbering(scope: IssuingScope): Numbering {
    return {
      nextConsecutive: (c) => {
        const entry = this.counter(scope, c);
        this.changes++;
        return entry.next++;
      },
      noteUsedConsecutive: (c, used) => {
        const entry = this.counter(scope, c);
        this.changes++;
        if (entry.next <= used) entry.next = used + 1;
      },
      documentWithConsecutive: (consecutive) => {
        const inBatch = this.takenIn(scope).consecutives.get(consecutive);
        return inBatch !== undefined ? { id: 0, clave: inBatch } : this.backend.documentWithConsecutive(scope, consecutive);
      },
      documentWithClave: (clave) => {
        const inBatch = this.takenIn(scope).claves.get(clave);
        return inBatch !== undefined ? { id: 0, consecutive: inBatch } : this.backend.documentWithClave(scope, clave);
      },
    };
  }
}

export class IssuePipeline {
  private queue: Item[] = [];
  private busy = false;

  constructor(private readonly backend: IssuingBackend) {}

  issue(prepared: PreparedIssue, scope: IssuingScope): Promise<IssueResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ prepared, scope, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.busy || this.queue.length === 0) return;
    this.busy = true;
    setImmediate(() => {
      const batch = this.queue;
      this.queue = [];
      this.runBatch(batch)
        .catch((error) => batch.forEach((item) => item.reject(error)))
        .finally(() => {
          this.busy = false;
          this.schedule();
        });
    });
  }

  private async runBatch(batch: Item[]): Promise<void> {
    const numbering = new BatchNumbering(this.backend);
    const staged: Staged[] = [];
    const refused = new Set<Item>();
    for (const item of batch) {
      const before = numbering.changes;
      try {
        const { model, pending } = numberAndPrepare(item.prepared, numbering.numbering(item.scope));
        numbering.noteIssued(item.scope, model);
        staged.push({ item, model, pending });
      } catch (error) {
        // Refused before taking a number (a duplicate): only this request fails. After: redo the batch.
        if (numbering.changes !== before) return this.slowPath(batch.filter((i) => !refused.has(i)));
        refused.add(item);
        item.reject(error);
      }
    }
    let signed: string[];
    try {
      signed = await Promise.all(staged.map((s) => completeSignatureAsync(s.pending)));
    } catch {
      return this.slowPath(staged.map((s) => s.item));
    }
    let saved: SavedDocument[];
    try {
      const records = staged.map((s, i) => ({ scope: s.item.scope, record: issuedRecord(s.item.prepared, s.model, signed[i]!) }));
      saved = this.backend.commitBatch([...numbering.counters.values()], records);
    } catch {
      return this.slowPath(staged.map((s) => s.item));
    }
    staged.forEach((s, i) => s.item.resolve({ ...saved[i]!, model: s.model, simulate: s.item.prepared.request.apiConfig.simulate }));
  }

  /** One document at a time, numbered, signed and saved inside its own transaction. */
  private async slowPath(items: Item[]): Promise<void> {
    await Promise.all(items.map((item) =>
      this.backend
        .runOne(item.scope, (tx) => {
          const { model, pending } = numberAndPrepare(item.prepared, tx);
          const xml = pending.complete(sign('sha256', pending.signedInfo, pending.key));
          return { ...tx.saveIssued(issuedRecord(item.prepared, model, xml)), model, simulate: item.prepared.request.apiConfig.simulate };
        })
        .then(item.resolve, item.reject),
    ));
  }
}
