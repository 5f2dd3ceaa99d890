/**
 * A combo line (DetalleSurtido, annex pages 29–35 and 36–44): each component is computed like a line of its
 * own, for one unit of the combo, and the line adds them up, "multiplicado por la cantidad de la línea
 * principal":
 *   Descuento = the components' discounts per code × Cantidad
 *   SubTotal = MontoTotal − Σ Descuento (= Cantidad × Σ SubTotalSurtido when the price is the components')
 *   Impuesto.Monto per tax code = Cantidad × Σ MontoImpuestoSurtido, each component at its own rate; the line
 *   carries neither CodigoTarifaIVA nor Tarifa (page 38)
 *   BaseImponible = Cantidad × Σ BaseImponibleSurtido
 * The summary reads the tax breakdown and the taxed/exempt/non-subject split per component; an exonerated
 * combo whose components have several VAT rates is broken down under rate code 08 (page 54).
 */
import type { Decimal } from 'decimal.js';
import type { Discount, Exoneration, TaxBreakdown } from './document-model.ts';
import { ZERO, round5, sum } from './money.ts';
import { exonerate, exonerateByAmount } from './exoneration-amounts.ts';
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

/**
 * The components' discounts, added up per code and multiplied by the line's quantity, so that the line's
 * SubTotal is Cantidad × Σ SubTotalSurtido (page 36): what rounding leaves over goes to the largest.
 */
function scaledDiscounts(components: LineAmounts[], quantity: Decimal, amount: Decimal): Discount[] {
  const byCode = new Map<string, Discount>();
  for (const component of components) {
    for (const d of component.discounts) {
      const key = `${d.code}|${d.codeOther ?? ''}`;
      const entry = byCode.get(key);
      if (entry) entry.amount = entry.amount.plus(d.amount);
      else byCode.set(key, lineDiscountOf(d));
    }
  }
  const discounts = [...byCode.values()].map((d) => ({ ...d, amount: round5(d.amount.mul(quantity)) }));
  if (discounts.length === 0) return discounts;
  const subtotal = round5(sum(components.map((c) => c.subtotal)).mul(quantity));
  const largest = discounts.reduce((a, b) => (b.amount.greaterThan(a.amount) ? b : a));
  largest.amount = largest.amount.plus(amount.minus(subtotal).minus(sum(discounts.map((d) => d.amount))));
  return discounts;
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

/** The line's exoneration of its VAT: by rate when the components share one, else as the amount given (page 45). */
function exonerationOf(line: LineInput, groups: TaxGroup[], amount: Decimal, base: Decimal): Exoneration | undefined {
  if (!line.exoneration) return undefined;
  const uniform = groups.length === 1 ? vatRate({ rateCode: groups[0]!.rateCode }) : undefined;
  return uniform === undefined ? exonerateByAmount(line.exoneration) : exonerate(line.exoneration, base, amount, uniform);
}

/**
 * The components' assumed VAT (gifts) less its exonerated share, as on a plain line: gifts × (rate − exonerated
 * rate) is the assumed amount × (Monto − MontoExoneracion) / Monto; never above what is not exonerated.
 */
function assumedOf(assumed: Decimal, amount: Decimal, exoneration: Exoneration | undefined): Decimal {
  if (!exoneration || assumed.isZero() || amount.isZero()) return assumed;
  const notExonerated = amount.minus(exoneration.amount);
  if (!notExonerated.greaterThan(0)) return ZERO;
  const share = round5(assumed.mul(notExonerated).div(amount));
  return share.lessThan(notExonerated) ? share : notExonerated;
}

/** One Impuesto per tax code: the sum of its groups, without rate code or rate; the first VAT code is exonerated. */
function lineTaxes(groups: TaxGroup[], line: LineInput): ComputedTax[] {
  const codes = [...new Set(groups.map((g) => g.code))];
  const exonerated = codes.find((code) => VAT_TAX_CODES.has(code));
  return codes.map((code) => {
    const mine = groups.filter((g) => g.code === code);
    const amount = sum(mine.map((g) => g.amount));
    const base = sum(mine.map((g) => g.base));
    const exoneration = code === exonerated ? exonerationOf(line, mine, amount, base) : undefined;
    const assumed = assumedOf(sum(mine.map((g) => g.assumed)), amount, exoneration);
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
    const vat = component.taxes.find((t) => VAT_TAX_CODES.has(t.code));
    const key = `${vat !== undefined}|${vat?.rateCode ?? ''}`;
    const part = byRate.get(key);
    if (part) part.amount = part.amount.plus(component.amount);
    else byRate.set(key, { vat: vat !== undefined, rateCode: vat?.rateCode, amount: component.amount });
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
  const discounts = scaledDiscounts(components, quantity, amount);
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
