/** Helpers to write catalogue entries tersely, and to walk a request's lists with their paths. */
import type { CheckRule, FormulaRule, RemoteRule } from './rule.ts';
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
