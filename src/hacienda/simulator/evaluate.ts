/**
 * The asynchronous checks that decide a received document, as the tax authority makes them after the
 * 202: the XSDs (2026 revision), the signature, and the totals recomputed from the lines. Each failure
 * becomes a DetalleMensaje line in the "codigo, mensaje, fila, columna" form of the real responses.
 */
import { Decimal } from 'decimal.js';
import type { DocumentModel } from '../../domain/document-model.ts';
import { verifyXml } from '../../signing/verify.ts';
import type { ReadResult } from '../../xml/read-document.ts';
import { validateXsd } from '../../xml/xsd-validate.ts';
import type { Verdict } from './types.ts';

export const SIGNATURE_INVALID = 'La firma del comprobante electrónico no es válida';
const TOLERANCE = new Decimal('0.5');

export interface ErrorLine {
  code: string;
  message: string;
  row: number;
  col: number;
}

export interface Evaluation {
  verdict: Verdict;
  errors: ErrorLine[];
  /** Problems written as free text lines (the signature message has no code in real responses). */
  notes: string[];
}

/** xmllint's "doc-0.xml:12: element X: Schemas validity error : …" → a -1 line with its row. */
function schemaLine(error: string): ErrorLine {
  const match = /^[^:]+:(\d+):\s*(?:element [^:]+:\s*)?(?:Schemas validity error\s*:\s*)?(.*)$/.exec(error);
  return { code: '-1', message: match?.[2] ?? error, row: match ? Number(match[1]) : 0, col: 0 };
}

/** TotalComprobante as the lines imply it: Σ MontoTotalLinea + Σ OtrosCargos − IVA devuelto (REP: Σ MontoTotal). */
export function expectedTotal(model: DocumentModel): Decimal {
  const sum = (values: Decimal[]): Decimal => values.reduce((a, b) => a.plus(b), new Decimal(0));
  if (model.type === '10') return sum(model.lines.map((l) => l.amount));
  return sum(model.lines.map((l) => l.total)).plus(sum(model.otherCharges.map((c) => c.amount))).minus(model.summary.ivaReturned);
}

function totalsLine(model: DocumentModel): ErrorLine | undefined {
  const expected = expectedTotal(model);
  if (expected.minus(model.summary.total).abs().lte(TOLERANCE)) return undefined;
  return {
    code: '-37',
    message: `El total del comprobante (TotalComprobante ${model.summary.total.toFixed(5)}) no coincide con la suma de las líneas, ` +
      `cargos y devoluciones (${expected.toFixed(5)}).`,
    row: 0,
    col: 0,
  };
}

export interface Submitted {
  xml: string;
  read: ReadResult;
  forced: Verdict | undefined;
  /** False skips the signature check (benchmarks: verifyXml costs ~25 ms per document). */
  verifySignature: boolean;
}

function verdictOf(item: Submitted, schemaErrors: string[]): Evaluation {
  const errors = schemaErrors.map(schemaLine);
  const notes = !item.verifySignature || verifyXml(item.xml).valid ? [] : [SIGNATURE_INVALID];
  const totals = item.read.kind === 'document' ? totalsLine(item.read.model) : undefined;
  if (totals) errors.push(totals);
  const found: Verdict = errors.length > 0 || notes.length > 0 ? 'rechazado' : 'aceptado';
  const verdict = item.forced ?? found;
  if (verdict === 'rechazado' && errors.length === 0 && notes.length === 0) {
    errors.push({ code: '-99', message: 'Rechazo forzado por el simulador.', row: 0, col: 0 });
  }
  return verdict === 'aceptado' ? { verdict, errors: [], notes: [] } : { verdict, errors, notes };
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Decides several documents; one xmllint run per document type for the whole batch (drains are
 * bursty). The signature checks are synchronous and slow, so the loop yields between documents to
 * keep the simulator answering HTTP meanwhile.
 */
export async function evaluateBatch(items: Submitted[]): Promise<Evaluation[]> {
  const schema = await validateXsd(items.map((i) => i.xml), 'v4.4-2026-rev');
  const results: Evaluation[] = [];
  for (const [i, item] of items.entries()) {
    results.push(verdictOf(item, schema[i]?.errors ?? []));
    await nextTurn();
  }
  return results;
}
