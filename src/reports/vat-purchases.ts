/**
 * The month's received documents onto the worksheet's purchase and credit lines (docs/vat-worksheet.md):
 * - counted unless rejected by us, or blocked by a finding (received/findings.ts: the tax authority rejected it,
 *   its answer is not genuine or not about it) — those are listed in a warning instead; received credit notes
 *   (not_required: they take no answer) subtract;
 * - unanswered ones count as fully accepted, as the law presumes silence to be (Decreto 44739-H art. 20), with
 *   a warning while the window is still open;
 * - the credit by our answer's CondicionImpuesto: 01 (or no answer) the whole VAT, 02 and 03 the creditable
 *   amount our answer gave, 04 none (its purchases on a line of their own), 05 the VAT × the proportionality.
 * Purchases are net of exonerations, by the supplier's rate code.
 */
import type { Decimal } from 'decimal.js';
import { IVA_RATES } from '../domain/codes.ts';
import { Dec, HUNDRED } from '../domain/money.ts';
import { hasBlockingFinding } from '../received/findings.ts';
import type { ReceivedVatDocument, StoredVatLine } from '../store/vat-lines.ts';
import { NIL, fixed5, fromDecimal, netOf, toDecimal, type Fixed5 } from './fixed5.ts';
import type { DocumentRef, Tally } from './line-tally.ts';

/** The rate codes of Nota 8.1, each with a purchases line; a code outside them is a supplier's mistake. */
export const RATE_CODES: ReadonlySet<string> = new Set(Object.keys(IVA_RATES));

const CREDIT_LINES: Readonly<Record<string, string>> = {
  '01': 'credit_general',
  '02': 'credit_partial',
  '03': 'credit_capital_goods',
  '05': 'credit_proportional',
};

/** Where a purchase line goes: by the supplier's rate code; VAT without a known one, and no VAT, apart. */
function purchaseLineOf(line: StoredVatLine): string {
  if (line.taxCode === null) return 'purchases_non_subject';
  return line.rateCode !== null && RATE_CODES.has(line.rateCode) ? `purchases_${line.rateCode}` : 'purchases_special_rate';
}

function receivedRef(d: ReceivedVatDocument): DocumentRef {
  return {
    source: 'received', id: d.id, clave: d.clave, consecutive: d.consecutive, documentType: d.documentType,
    party: d.issuerName || d.issuerIdentification, issuedAt: d.issuedAt,
  };
}

export interface PurchasesOutcome {
  notClaimable: string[];
  unanswered: string[];
  /** Answered with CondicionImpuesto 05 while no percentage was given. */
  proportionalityMissing: string[];
}

export function tallyPurchases(tally: Tally, received: readonly ReceivedVatDocument[], proportionality: Decimal | undefined): PurchasesOutcome {
  const outcome: PurchasesOutcome = { notClaimable: [], unanswered: [], proportionalityMissing: [] };
  for (const d of received) {
    if (d.state === 'rejected') continue;
    if (hasBlockingFinding(d.findings)) {
      outcome.notClaimable.push(d.clave);
      continue;
    }
    if (d.state === 'pending') outcome.unanswered.push(d.clave);
    const sign = d.documentType === '03' ? -1n : 1n;
    const doc = receivedRef(d);
    const nets = d.lines.map((line) => {
      const net = netOf(line);
      return { line, base: net.base * sign, tax: net.tax * sign };
    });
    let base = NIL;
    let tax = NIL;
    for (const n of nets) {
      base += n.base;
      tax += n.tax;
    }
    // Silence is acceptance of the whole document: only an express answer's condition narrows the credit.
    const condition = d.state === 'accepted' || d.state === 'partially_accepted' ? d.taxCondition : null;
    if (condition === '04') {
      tally.add('purchases_no_credit', doc, base, tax);
      continue;
    }
    for (const n of nets) {
      tally.add(purchaseLineOf(n.line), doc, n.base, n.tax);
      const exoneratedTax = fixed5(n.line.exoneratedTax);
      if (exoneratedTax !== NIL) tally.add('purchases_exonerated', doc, fixed5(n.line.exoneratedBase) * sign, exoneratedTax * sign);
    }
    const creditLine = CREDIT_LINES[condition ?? '01'] ?? 'credit_general';
    tally.add(creditLine, doc, base, creditOf(d, creditLine, tax, sign, proportionality, outcome));
  }
  return outcome;
}

/** The credit a counted document gives on `creditLine`, in colones (`tax`: its whole VAT, signed). */
function creditOf(d: ReceivedVatDocument, creditLine: string, tax: Fixed5, sign: Fixed5, proportionality: Decimal | undefined, outcome: PurchasesOutcome): Fixed5 {
  if (creditLine === 'credit_partial' || creditLine === 'credit_capital_goods') {
    // What our answer claimed, in the document's currency; none kept: the whole VAT.
    return d.creditableTax === null ? tax : fromDecimal(new Dec(d.creditableTax).mul(d.exchangeRate)) * sign;
  }
  if (creditLine === 'credit_proportional') {
    if (proportionality === undefined) {
      outcome.proportionalityMissing.push(d.clave);
      return NIL;
    }
    return fromDecimal(toDecimal(tax).mul(proportionality).div(HUNDRED));
  }
  return tax;
}
