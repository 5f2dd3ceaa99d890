/**
 * Amounts of one detail line (LineaDetalle), computed the way the v4.4 annex defines them (pages 35–47):
 *   MontoTotal = Cantidad × PrecioUnitario
 *   SubTotal = MontoTotal − Σ Descuento
 *   BaseImponible = SubTotal + selective/specific taxes (codes 02, 04, 05, 12), or the edited base of IVA
 *                   cobrado a nivel de fábrica 01 and of tax code 07; the SubTotal alone on the types whose XML
 *                   has no BaseImponible (FEE, REP)
 *   Impuesto.Monto: tax-amounts.ts; VAT 01 on a line with regalías or bonificaciones (Nota 20: 01, 02, 03)
 *                   is Tarifa × MontoTotal (page 42)
 *   MontoExoneracion = TarifaExonerada × the base the tax was computed on (exoneration-amounts.ts)
 *   ImpuestoAsumidoEmisorFabrica: the VAT on regalías and bonificaciones (01, 03) that the issuer assumes —
 *                   what of it is not exonerated; all of it when nothing is paid — or the amount the client
 *                   gives (factory VAT)
 *   ImpuestoNeto = Σ Monto − Σ MontoExoneracion − ImpuestoAsumidoEmisorFabrica
 *   MontoTotalLinea = SubTotal + ImpuestoNeto
 * Combos (DetalleSurtido) are computed from their components: assortment-totals.ts. Each value is rounded
 * once to 5 decimals where it is produced; sums of rounded values are exact. Nothing here refuses anything:
 * the rule catalogue (documents/rules/) checks the results.
 */
import type { Decimal } from 'decimal.js';
import type { Discount, Exoneration, SpecificTaxData } from './document-model.ts';
import { ZERO, round5, sum } from './money.ts';
import { finishLine, type ComputedTax, type LineAmounts, type LineInput, type TaxInput } from './line-amounts.ts';
import { exonerate, assumedGiftTax } from './exoneration-amounts.ts';
import {
  RATE_ON_SUBTOTAL_CODES,
  SPECIFIC_TAX_CODES,
  TAXES_IN_VAT_BASE,
  VAT_TAX_CODES,
  percentOf,
  specificData,
  specificTaxAmount,
  vatRate,
} from './tax-amounts.ts';
import { computeAssortmentLine } from './assortment-totals.ts';

export { VAT_TAX_CODES, vatRate } from './tax-amounts.ts';
export type { ExonerationInput } from './exoneration-amounts.ts';
export type { CategoryPart, ComponentInput, ComputedTax, LineAmounts, LineInput, TaxInput } from './line-amounts.ts';

/** Discount codes whose goods are given away but still bear VAT (Nota 20: 01 regalía, 02 IVA cobrado al cliente, 03 bonificación). */
export const GIFT_DISCOUNT_CODES: ReadonlySet<string> = new Set(['01', '02', '03']);
/** Of those, the ones whose VAT the issuer assumes (02 charges it to the customer). */
export const ASSUMED_GIFT_CODES: ReadonlySet<string> = new Set(['01', '03']);

function discountsWith(discounts: Discount[], codes: ReadonlySet<string>): Decimal {
  let total = ZERO;
  for (const d of discounts) if (codes.has(d.code)) total = total.plus(d.amount);
  return total;
}

/**
 * The rate an exoneration of this tax is measured against: its VAT rate, or for used goods (08) the factor
 * as a percentage, since that tax is factor × SubTotal (a factor has 4 decimals: the percentage has 2).
 */
export function exonerableRate(tax: Pick<TaxInput, 'code' | 'rateCode' | 'rate' | 'ivaFactor'>): Decimal | undefined {
  if (tax.code === '08' && tax.ivaFactor !== undefined) return tax.ivaFactor.mul(100);
  return VAT_TAX_CODES.has(tax.code) ? vatRate(tax) : tax.rate;
}

function computedTax(
  tax: TaxInput, amount: Decimal, base: Decimal, exoneration: Exoneration | undefined, assumed: Decimal,
  specific: SpecificTaxData | undefined = tax.specific && specificData(tax.specific),
): ComputedTax {
  return {
    code: tax.code,
    codeOther: tax.codeOther,
    rateCode: tax.rateCode,
    rate: VAT_TAX_CODES.has(tax.code) ? (tax.rateCode !== undefined || tax.rate !== undefined ? vatRate(tax) : undefined) : tax.rate,
    ivaFactor: tax.ivaFactor,
    specific,
    amount,
    exportAmount: tax.exportAmount,
    exoneration,
    assumed,
    base,
  };
}

/** A tax other than VAT: Tarifa × SubTotal, a specific tax from its data, or the amount given. */
function computeOtherTax(tax: TaxInput, subtotal: Decimal, quantity: Decimal): ComputedTax {
  const specific = tax.specific && specificData(tax.specific);
  let amount: Decimal;
  if (SPECIFIC_TAX_CODES.has(tax.code) && specific) amount = specificTaxAmount(tax.code, specific, quantity, tax.specific!.soap);
  else if (RATE_ON_SUBTOTAL_CODES.has(tax.code) && tax.rate !== undefined) amount = percentOf(subtotal, tax.rate);
  else amount = round5(tax.amount ?? ZERO);
  // Exonerations apply to VAT only (the request reader attaches them there).
  return computedTax(tax, amount, subtotal, undefined, round5(tax.assumed ?? ZERO), specific);
}

interface VatBases {
  amount: Decimal; // MontoTotal
  subtotal: Decimal;
  taxableBase: Decimal; // BaseImponible, edited or computed
  edited: boolean; // BaseImponible is the edited one (07, factory 01): the tax is on it, gifts or not
  gifts: boolean; // the line gives goods away (Nota 20: 01, 02, 03): its VAT is on the MontoTotal
  assumedGifts: Decimal; // the goods given away whose VAT the issuer assumes (01, 03)
}

/** VAT (01, 07, 08) per the annex's special cases, with its exoneration and the issuer's assumed share. */
function computeVat(tax: TaxInput, bases: VatBases): ComputedTax {
  const rate = exonerableRate(tax) ?? ZERO;
  let base: Decimal;
  let amount: Decimal;
  if (tax.code === '08' && tax.ivaFactor !== undefined) {
    base = bases.subtotal;
    amount = round5(base.mul(tax.ivaFactor));
  } else {
    base = tax.code === '01' && bases.gifts && !bases.edited ? bases.amount : bases.taxableBase;
    amount = percentOf(base, rate);
  }
  const exoneration = tax.exoneration ? exonerate(tax.exoneration, base, amount, rate) : undefined;
  let assumed = ZERO;
  if (tax.assumed !== undefined) assumed = round5(tax.assumed);
  else if (tax.code === '01') assumed = assumedGiftTax(bases.assumedGifts, bases.subtotal, amount, rate, exoneration);
  return computedTax(tax, amount, base, exoneration, assumed);
}

/** The edited BaseImponible: only IVA cálculo especial (07) and IVA cobrado a nivel de fábrica 01 have one. */
function editedBase(line: LineInput): Decimal | undefined {
  const edited = line.taxes.find((t) => (t.code === '07' || (t.code === '01' && line.ivaChargedAtFactory === '01')) && t.taxableBase !== undefined);
  return edited?.taxableBase;
}

export function computeLine(line: LineInput): LineAmounts {
  if (line.assortment && line.assortment.length > 0) return computeAssortmentLine(line, computeLine);
  const amount = round5(line.quantity.mul(line.unitPrice));
  const discountTotal = sum(line.discounts.map((d) => d.amount));
  const subtotal = amount.minus(discountTotal);
  const others = line.taxes.filter((t) => !VAT_TAX_CODES.has(t.code)).map((t) => computeOtherTax(t, subtotal, line.quantity));
  const inBase = line.noTaxableBase ? ZERO : sum(others.filter((t) => TAXES_IN_VAT_BASE.has(t.code)).map((t) => t.amount));
  const edited = editedBase(line);
  const taxableBase = edited ?? subtotal.plus(inBase);
  const bases: VatBases = {
    amount,
    subtotal,
    taxableBase,
    edited: edited !== undefined,
    gifts: line.discounts.some((d) => GIFT_DISCOUNT_CODES.has(d.code)),
    assumedGifts: discountsWith(line.discounts, ASSUMED_GIFT_CODES),
  };
  const taxes = line.taxes.map((tax) => (VAT_TAX_CODES.has(tax.code) ? computeVat(tax, bases) : others.shift()!));
  return finishLine({ amount, discounts: line.discounts, discountTotal, subtotal, taxableBase, taxes });
}
