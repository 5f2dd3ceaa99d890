/**
 * Plans and packs from the shipped price list (resources/price-list.json). A desktop install has no
 * payment processor: the local administrator sets the plan with `facturador account set-plan` (docs/account.md).
 */
import { readFileSync } from 'node:fs';
import { resourcePath } from '../paths.ts';

export interface Plan {
  code: string;
  name: string;
  included_docs: number;
  max_organizations: number; // 0 = unlimited
  monthly_price_cents: number;
  yearly_price_cents: number;
  active_org_cents: number;
  live_allowed: boolean;
  archive_included: boolean;
}

export interface Pack {
  code: string;
  docs: number;
  price_cents: number;
}

export interface PriceList {
  currency: 'USD';
  iva_rate: number;
  plans: Plan[];
  packs: Pack[];
}

let cached: PriceList | undefined;

export function priceList(): PriceList {
  cached ??= JSON.parse(readFileSync(resourcePath('price-list.json'), 'utf8')) as PriceList;
  return cached;
}

export function findPlan(code: string): Plan | undefined {
  return priceList().plans.find((p) => p.code === code);
}
