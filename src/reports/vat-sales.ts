/**
 * The month's issued documents onto the worksheet's sales lines (docs/vat-worksheet.md). The grouping follows
 * the previous return, D-104-2 — an inference, as the worksheet's notice says:
 * - FE (01), TE (04) and ND (02) add, NC (03) subtracts from the same lines; FEE (09) goes to exports whole;
 *   FEC (08) is a purchase whose VAT the buyer self-assesses: a debit and, as much, a credit. REP (10) and
 *   receiver messages are not sales.
 * - Rejected documents and those in error do not count; those still waiting for the tax authority do, and say so.
 */
import type { IssuedVatDocument, StoredVatLine } from '../store/vat-lines.ts';
import { NIL, fixed5, netOf, type Fixed5 } from './fixed5.ts';
import type { DocumentRef, Tally } from './line-tally.ts';

/** Rate codes that charge VAT (Nota 8.1): 01 and 05 are 0 % with credit right, 10 exempt, 11 0 % without it. */
export const TAXED_RATE_CODES = ['02', '03', '04', '06', '07', '08', '09'] as const;
const TAXED: ReadonlySet<string> = new Set(TAXED_RATE_CODES);
const ZERO_RATE: ReadonlySet<string> = new Set(['01', '05']);

const SALES_TYPES: ReadonlySet<string> = new Set(['01', '02', '03', '04']);
const NOT_COUNTED_STATUSES: ReadonlySet<string> = new Set(['rejected', 'error']);

/** Where a taxed line goes: by rate and goods or services; used goods (tax code 08) and any other VAT without a rate apart. */
function taxedLineOf(line: StoredVatLine): string | undefined {
  if (line.taxCode === null) return undefined;
  const rate = line.rateCode;
  if (rate !== null && TAXED.has(rate)) return `sales_${rate}_${line.service ? 'services' : 'goods'}`;
  if (rate === null && line.taxCode === '08') return 'sales_used_goods';
  if (rate === null || !(ZERO_RATE.has(rate) || rate === '10' || rate === '11')) return 'sales_special_rate';
  return undefined;
}

/** The untaxed lines: 0 % with credit right, exempt, 0 % without credit right, non-subject. */
function untaxedLineOf(line: StoredVatLine): string {
  if (line.taxCode === null) return 'sales_non_subject';
  if (line.rateCode === '10') return 'sales_exempt';
  if (line.rateCode === '11') return 'sales_zero_no_credit';
  return 'sales_zero_rate';
}

function issuedRef(d: IssuedVatDocument): DocumentRef {
  return {
    source: 'issued', id: d.id, clave: d.clave, consecutive: d.consecutive, documentType: d.documentType,
    party: d.receiverName ?? d.receiverIdentification, issuedAt: d.issuedAt,
  };
}

function addSale(tally: Tally, doc: DocumentRef, line: StoredVatLine, sign: Fixed5): void {
  const taxed = taxedLineOf(line);
  if (taxed === undefined) {
    tally.add(untaxedLineOf(line), doc, fixed5(line.base) * sign, fixed5(line.tax) * sign);
    return;
  }
  const { base, tax } = netOf(line);
  tally.add(taxed, doc, base * sign, tax * sign);
  const exoneratedTax = fixed5(line.exoneratedTax);
  if (exoneratedTax !== NIL) tally.add('sales_exonerated', doc, fixed5(line.exoneratedBase) * sign, exoneratedTax * sign);
}

export interface SalesOutcome {
  /** Counted documents the tax authority has not answered yet. */
  awaiting: string[];
}

/** Adds the month's issued documents to `tally`. */
export function tallySales(tally: Tally, issued: readonly IssuedVatDocument[]): SalesOutcome {
  const awaiting: string[] = [];
  for (const d of issued) {
    if (NOT_COUNTED_STATUSES.has(d.status)) continue;
    const type = d.documentType;
    if (!SALES_TYPES.has(type) && type !== '08' && type !== '09') continue;
    if (d.status !== 'accepted') awaiting.push(d.clave);
    const doc = issuedRef(d);
    if (type === '09') {
      for (const line of d.lines) tally.add('sales_exports', doc, fixed5(line.base), netOf(line).tax);
      continue;
    }
    if (type === '08') {
      for (const line of d.lines) {
        const { base, tax } = netOf(line);
        tally.add('self_assessed_fec', doc, base, tax);
        tally.add('credit_fec', doc, base, tax);
      }
      continue;
    }
    const sign = type === '03' ? -1n : 1n;
    for (const line of d.lines) addSale(tally, doc, line, sign);
    const returned = fixed5(d.ivaReturned);
    if (returned !== NIL) tally.add('iva_returned', doc, NIL, returned * sign);
  }
  return { awaiting };
}
