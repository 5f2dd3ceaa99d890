/**
 * The worksheet's running sums: per line id, the exact sum of base and tax (the stored five-place figures,
 * fixed5.ts, never rounded on the way) and each document's share of it, so that every figure links to the documents
 * behind it and those add up to it.
 */
import type { Fixed5 } from './fixed5.ts';
import type { Contribution } from './vat-worksheet-model.ts';

/** The document a share comes from, as the drill-down shows it. */
export type DocumentRef = Omit<Contribution, 'base' | 'tax'>;

interface Share {
  doc: DocumentRef;
  base: Fixed5;
  tax: Fixed5;
}

export class LineSum {
  base: Fixed5 = 0n;
  tax: Fixed5 = 0n;
  /** Keyed by the document's DocumentRef, made once per document. */
  private readonly byDocument = new Map<DocumentRef, Share>();

  add(doc: DocumentRef, base: Fixed5, tax: Fixed5): void {
    this.base += base;
    this.tax += tax;
    // A document's groups that fall on the same line (two tax codes at one rate) are one share.
    const share = this.byDocument.get(doc);
    if (share) {
      share.base += base;
      share.tax += tax;
    } else this.byDocument.set(doc, { doc, base, tax });
  }

  /** The documents' shares, in the order they were first added. */
  get shares(): IterableIterator<Share> {
    return this.byDocument.values();
  }

  get documents(): number {
    return this.byDocument.size;
  }
}

/** Every line's sum, created on first use. */
export class Tally {
  private readonly lines = new Map<string, LineSum>();

  line(id: string): LineSum {
    let sum = this.lines.get(id);
    if (!sum) this.lines.set(id, (sum = new LineSum()));
    return sum;
  }

  add(id: string, doc: DocumentRef, base: Fixed5, tax: Fixed5): void {
    this.line(id).add(doc, base, tax);
  }

  find(id: string): LineSum | undefined {
    return this.lines.get(id);
  }

  ids(): IterableIterator<string> {
    return this.lines.keys();
  }
}
