/** Helpers to write catalogue entries tersely, and to walk a request's lists with their paths. */
import type { CheckRule, FormulaRule, Message, RemoteRule } from './rule.ts';
import type { RequestFacts, TotalsFacts } from './facts.ts';
import type { ComponentRequest, ItemInput, TaxRequest } from '../request/parsed-request.ts';

export function requestRule(rule: Omit<CheckRule<RequestFacts>, 'kind' | 'phase'>): CheckRule<RequestFacts> {
  return { kind: 'check', phase: 'request', ...rule };
}

export function totalsRule(rule: Omit<CheckRule<TotalsFacts>, 'kind' | 'phase'>): CheckRule<TotalsFacts> {
  return { kind: 'check', phase: 'totals', ...rule };
}

export function formula(rule: Omit<FormulaRule, 'kind'>): FormulaRule {
  return { kind: 'formula', ...rule };
}

export function remote(rule: Omit<RemoteRule, 'kind'>): RemoteRule {
  return { kind: 'remote', ...rule };
}

/** Every item of the request. */
export function items(f: Pick<RequestFacts, 'req'>): ItemInput[] {
  return f.req.items ?? [];
}

/** Every tax of every line and of every combo component, with what it belongs to. */
export function eachTax(f: Pick<RequestFacts, 'req'>, visit: (tax: TaxRequest, owner: ItemInput | ComponentRequest, item: ItemInput) => void): void {
  for (const item of items(f)) {
    for (const tax of item.taxes) visit(tax, item, item);
    for (const component of item.assortment) for (const tax of component.taxes) visit(tax, component, item);
  }
}

/** Whether a combo line (it has DetalleSurtido components). */
export function isCombo(item: ItemInput): boolean {
  return item.assortment.length > 0;
}

/** Every "this type's XML has no such element" rule says it so (annex condition 4, "Campo Inexistente"). */
export const NOT_ON_TYPE: Message = { es: 'Este tipo de comprobante no admite {what}.', en: 'This document type does not allow {what}.' };

/** A code that may be 99 ("Otros"), and where the description that 99 then requires was (or was not) given. */
export interface OtherEntry {
  path: string; // the description's request path
  code: string | undefined;
  description: string | undefined;
}

/**
 * The annex's "Será obligatorio en caso de utilizar el código 99 de 'Otros' de la nota N. Se debe describir
 * puntualmente …": one mechanism for every table with a code 99, each rule naming where its entries are.
 */
export function otherDescribed(
  rule: Omit<CheckRule<RequestFacts>, 'kind' | 'phase' | 'message' | 'check'> & { what: Message; entries: (f: RequestFacts) => OtherEntry[] },
): CheckRule<RequestFacts> {
  const { what, entries, ...source } = rule;
  return requestRule({
    ...source,
    message: { es: 'Es obligatorio con el código 99 (otros): describa {what}.', en: 'Required with code 99 (other): describe {what}.' },
    check: (f, report) => {
      for (const e of entries(f)) if (e.code === '99' && e.description === undefined) report(e.path, { what });
    },
  });
}
