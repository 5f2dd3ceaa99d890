/**
 * A combo line (DetalleSurtido, annex pages 28–34 and 35–43): each component is computed like a line of its
 * own, for one unit of the combo, and the line adds them up, "multiplicado por la cantidad de la línea
 * principal":
 *   Descuento = the components' discounts per code × Cantidad
 *   SubTotal = MontoTotal − Σ Descuento (= Cantidad × Σ SubTotalSurtido when the price is the components')
 *   Impuesto.Monto per tax code = Cantidad × Σ MontoImpuestoSurtido, each component at its own rate; the line
 *   carries neither CodigoTarifaIVA nor Tarifa (page 37)
 *   BaseImponible = Cantidad × Σ BaseImponibleSurtido
 * The summary reads the tax breakdown and the taxed/exempt/non-subject split per component; an exonerated
 * combo whose components have several VAT rates is broken down under rate code 08 (page 53).
 */
import type { Decimal } from 'decimal.js';
import type { Discount, TaxBreakdown } from './document-model.ts';
import { ZERO, round5, sum } from './money.ts';
import { exonerate } from './exoneration-amounts.ts';
import { finishLine, type CategoryPart, type ComputedTax, type LineAmounts, type LineInput } from './line-amounts.ts';
import { VAT_TAX_CODES, vatRate } from './tax-amounts.ts';

interface TaxGroup {
  code: string;
  codeOther?: string;
  rateCode?: string;
  amount: Decimal;
  base: Decimal;
  assumed: Decimal;
}

/**
 * A component's discount as the line's: "otros" (99) keeps its description as NaturalezaDescuento, and as
 * CodigoDescuentoOTRO when it is long enough for the line's element (5 characters; a component's is 3).
 */
function lineDiscountOf(d: Discount): Discount {
  if (d.code !== '99') return { code: d.code, amount: d.amount };
  const codeOther = d.codeOther !== undefined && d.codeOther.length >= 5 ? d.codeOther : 'Descuento en componentes del surtido';
  return { code: d.code, codeOther, nature: d.codeOther, amount: d.amount };
}

/** The components' discounts, added up per code and multiplied by the line's quantity. */
function scaledDiscounts(components: LineAmounts[], quantity: Decimal): Discount[] {
  const byCode = new Map<string, Discount>();
  for (const component of components) {
    for (const d of component.discounts) {
      const key = `${d.code}|${d.codeOther ?? ''}`;
      const entry = byCode.get(key);
      if (entry) entry.amount = entry.amount.plus(d.amount);
      else byCode.set(key, lineDiscountOf(d));
    }
  }
  return [...byCode.values()].map((d) => ({ ...d, amount: round5(d.amount.mul(quantity)) }));
}

/** The components' taxes per tax code and VAT rate code, multiplied by the line's quantity. */
function taxGroups(components: LineAmounts[], quantity: Decimal): TaxGroup[] {
  const groups = new Map<string, TaxGroup>();
  for (const component of components) {
    for (const tax of component.taxes) {
      const key = `${tax.code}|${tax.rateCode ?? ''}`;
      const group = groups.get(key);
      if (group) {
        group.amount = group.amount.plus(tax.amount);
        group.base = group.base.plus(tax.base);
        group.assumed = group.assumed.plus(tax.assumed);
      } else {
        groups.set(key, { code: tax.code, codeOther: tax.codeOther, rateCode: tax.rateCode, amount: tax.amount, base: tax.base, assumed: tax.assumed });
      }
    }
  }
  return [...groups.values()].map((g) => ({ ...g, amount: round5(g.amount.mul(quantity)), base: round5(g.base.mul(quantity)), assumed: round5(g.assumed.mul(quantity)) }));
}

/** One Impuesto per tax code: the sum of its groups, without rate code or rate. */
function lineTaxes(groups: TaxGroup[], line: LineInput): ComputedTax[] {
  const codes = [...new Set(groups.map((g) => g.code))];
  return codes.map((code) => {
    const mine = groups.filter((g) => g.code === code);
    const amount = sum(mine.map((g) => g.amount));
    const base = sum(mine.map((g) => g.base));
    let exoneration;
    if (code === '01' && line.exoneration) {
      const uniform = mine.length === 1 ? vatRate({ rateCode: mine[0]!.rateCode }) : undefined;
      exoneration = exonerate(line.exoneration, base, amount, uniform ?? ZERO, uniform === undefined);
    }
    const assumedRaw = sum(mine.map((g) => g.assumed));
    const notExonerated = amount.minus(exoneration?.amount ?? ZERO);
    const assumed = assumedRaw.greaterThan(notExonerated) ? (notExonerated.greaterThan(0) ? notExonerated : ZERO) : assumedRaw;
    return { code, codeOther: mine[0]!.codeOther, amount, base, exoneration, assumed };
  });
}

/** TotalDesgloseImpuesto entries of the line: per component rate, or under 08 when exonerated at several rates. */
function lineBreakdown(groups: TaxGroup[], taxes: ComputedTax[]): TaxBreakdown[] {
  return taxes.flatMap((tax) => {
    const mine = groups.filter((g) => g.code === tax.code);
    if (!tax.exoneration && tax.assumed.equals(sum(mine.map((g) => g.assumed)))) {
      return mine.map((g) => ({ code: g.code, rateCode: g.rateCode, amount: g.amount.minus(g.assumed) }));
    }
    const rateCode = mine.length === 1 ? mine[0]!.rateCode : VAT_TAX_CODES.has(tax.code) ? '08' : undefined;
    return [{ code: tax.code, rateCode, amount: tax.amount.minus(tax.exoneration?.amount ?? ZERO).minus(tax.assumed) }];
  });
}

/** MontoTotal split by the components' VAT rate codes; rounding left over goes to the largest part. */
function categoryParts(components: LineAmounts[], quantity: Decimal, amount: Decimal): CategoryPart[] {
  const byRate = new Map<string, CategoryPart>();
  for (const component of components) {
    const rateCode = component.taxes.find((t) => VAT_TAX_CODES.has(t.code))?.rateCode;
    const key = component.taxes.some((t) => VAT_TAX_CODES.has(t.code)) ? (rateCode ?? '?') : '';
    const part = byRate.get(key);
    if (part) part.amount = part.amount.plus(component.amount);
    else byRate.set(key, { rateCode: key === '' ? undefined : rateCode, amount: component.amount });
  }
  const parts = [...byRate.values()].map((p) => ({ ...p, amount: round5(p.amount.mul(quantity)) }));
  const largest = parts.reduce((a, b) => (b.amount.greaterThan(a.amount) ? b : a), parts[0]!);
  largest.amount = largest.amount.plus(amount.minus(sum(parts.map((p) => p.amount))));
  return parts;
}

export function computeAssortmentLine(line: LineInput, computeOne: (line: LineInput) => LineAmounts): LineAmounts {
  const quantity = line.quantity;
  const components = (line.assortment ?? []).map((c) => computeOne({ ...c, isService: false }));
  const amount = round5(quantity.mul(line.unitPrice));
  const discounts = scaledDiscounts(components, quantity);
  const discountTotal = sum(discounts.map((d) => d.amount));
  const groups = taxGroups(components, quantity);
  const taxes = lineTaxes(groups, line);
  return finishLine({
    amount,
    discounts,
    discountTotal,
    subtotal: amount.minus(discountTotal),
    taxableBase: round5(sum(components.map((c) => c.taxableBase)).mul(quantity)),
    taxes,
    parts: categoryParts(components, quantity, amount),
    breakdown: lineBreakdown(groups, taxes),
    components,
  });
}
