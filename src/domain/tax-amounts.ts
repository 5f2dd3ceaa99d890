/**
 * The annex's formulas for Impuesto/Monto (pages 42–44) and DatosImpuestoEspecifico (pages 39–41), one
 * function per kind of tax. Each amount is rounded once, to the 5 decimals of DecimalDineroType.
 *   VAT (01):                 Tarifa × BaseImponible; with regalía/bonificación discounts (Nota 20: 01, 02,
 *                             03) Tarifa × (BaseImponible + those discounts), i.e. the "Monto Total"
 *   VAT cálculo especial (07): Tarifa × the edited BaseImponible
 *   VAT bienes usados (08):   FactorCalculoIVA × SubTotal
 *   selectivo (02), cemento (12), otros (99): Tarifa × SubTotal
 *   combustibles (03):        CantidadUnidadMedida × ImpuestoUnidad
 *   bebidas alcohólicas (04): Cantidad × Proporcion × ImpuestoUnidad, Proporcion = CantidadUnidadMedida × Porcentaje
 *   bebidas sin alcohol (05): Cantidad × CantidadUnidadMedida × ImpuestoUnidad / VolumenUnidadConsumo
 *   jabón de tocador (05):    Cantidad × VolumenUnidadConsumo × ImpuestoUnidad
 *   tabaco (06):              Cantidad × CantidadUnidadMedida × ImpuestoUnidad
 */
import type { Decimal } from 'decimal.js';
import type { SpecificTaxData } from './document-model.ts';
import { Dec, HUNDRED, ZERO, round5 } from './money.ts';
import { IVA_RATES } from './codes.ts';

/** Tax codes that are VAT (Nota 8): 01 IVA, 07 IVA cálculo especial, 08 IVA régimen de bienes usados. */
export const VAT_TAX_CODES: ReadonlySet<string> = new Set(['01', '07', '08']);
/** Taxes that are part of the VAT base (annex, BaseImponible, page 36). */
export const TAXES_IN_VAT_BASE: ReadonlySet<string> = new Set(['02', '04', '05', '12']);
/** Specific taxes computed from DatosImpuestoEspecifico (annex page 39, footnote 9). */
export const SPECIFIC_TAX_CODES: ReadonlySet<string> = new Set(['03', '04', '05', '06']);
/** Taxes computed as Tarifa × SubTotal. */
export const RATE_ON_SUBTOTAL_CODES: ReadonlySet<string> = new Set(['02', '12', '99']);

/** What the client gives for DatosImpuestoEspecifico; Proporcion is computed. */
export interface SpecificTaxInput {
  unitQuantity: Decimal; // CantidadUnidadMedida
  percentage?: Decimal; // Porcentaje (04: alcohol by volume)
  consumptionUnitVolume?: Decimal; // VolumenUnidadConsumo (05)
  taxPerUnit: Decimal; // ImpuestoUnidad
  /** Code 05 on toilet soap (CABYS 35321…), whose formula differs from the beverages'. */
  soap?: boolean;
}

/** VAT rate per rate code as decimals, built once. */
const RATE_BY_CODE: ReadonlyMap<string, Decimal> = new Map(Object.entries(IVA_RATES).map(([code, rate]) => [code, new Dec(rate)]));

/** The VAT rate of a tax: from its rate code (Nota 8.1) or the rate given. */
export function vatRate(tax: { rateCode?: string; rate?: Decimal }): Decimal | undefined {
  return (tax.rateCode === undefined ? undefined : RATE_BY_CODE.get(tax.rateCode)) ?? tax.rate;
}

/** `rate` percent of `base`. */
export function percentOf(base: Decimal, rate: Decimal): Decimal {
  return round5(base.mul(rate).div(HUNDRED));
}

/** DatosImpuestoEspecifico as written, with Proporcion (04) = CantidadUnidadMedida × Porcentaje / 100. */
export function specificData(input: SpecificTaxInput): SpecificTaxData {
  const proportion = input.percentage === undefined ? undefined : percentOf(input.unitQuantity, input.percentage);
  return {
    unitQuantity: input.unitQuantity,
    percentage: input.percentage,
    proportion,
    consumptionUnitVolume: input.consumptionUnitVolume,
    taxPerUnit: input.taxPerUnit,
  };
}

/** Monto of a specific tax (03–06) from its data (specificData) and the line's Cantidad; `soap`: code 05 on soap. */
export function specificTaxAmount(code: string, data: SpecificTaxData, quantity: Decimal, soap = false): Decimal {
  switch (code) {
    case '03':
      return round5(data.unitQuantity.mul(data.taxPerUnit));
    case '04':
      return round5(quantity.mul(data.proportion ?? ZERO).mul(data.taxPerUnit));
    case '05': {
      const volume = data.consumptionUnitVolume ?? ZERO;
      if (soap) return round5(quantity.mul(volume).mul(data.taxPerUnit));
      return volume.isZero() ? ZERO : round5(quantity.mul(data.unitQuantity).mul(data.taxPerUnit).div(volume));
    }
    default:
      return round5(quantity.mul(data.unitQuantity).mul(data.taxPerUnit));
  }
}
