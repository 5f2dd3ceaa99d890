/** `items[].tax`, `items[].discount` and `items[].exoneration` of the request (and of combo components). */
import type { DocumentTypeCode } from '../../domain/document-model.ts';
import { formatCostaRicaDateTime } from '../../domain/costa-rica-time.ts';
import { Dec } from '../../domain/money.ts';
import { VAT_TAX_CODES, type ExonerationInput } from '../../domain/line-totals.ts';
import type { SpecificTaxInput } from '../../domain/tax-amounts.ts';
import { FORMATS } from '../rules/formats.ts';
import { NOTES } from '../rules/notes.ts';
import type { FormatRule } from '../rules/rule.ts';
import { FieldReader, MONEY, pick, type Json } from './field-reader.ts';
import { allCodes, codesFor } from './code-lists.ts';
import type { DiscountRequest, TaxRequest } from './parsed-request.ts';

const TAX_NAMES: Record<string, string> = { iva: '01', vat: '01', selectivo: '02', selective: '02', other: '99', otros: '99' };
/** Discount code used when the client gives none: 07 "Descuento comercial" (Nota 20). */
export const DEFAULT_DISCOUNT_CODE = '07';
const CEMENT_RATE = new Dec(5);

/** Descuento, or DescuentoSurtido when `otherFormat` is the component's (DescuentoSurtidoOtros, 3–80). */
export function readDiscount(r: FieldReader, raw: Json, path: string, otherFormat: FormatRule = FORMATS.discountOther): DiscountRequest | undefined {
  const amount = r.decimal(pick(raw, 'amount', 'monto'), `${path}.amount`, FORMATS.discountAmount.decimal);
  const code = r.code(pick(raw, 'code') ?? DEFAULT_DISCOUNT_CODE, `${path}.code`, { width: 2, allowed: allCodes(NOTES.discountCode.codes) });
  const codeOther = r.text(pick(raw, 'other_code', 'other_discount_code', 'code_other'), `${path}.other_code`, otherFormat.text);
  const nature = r.text(pick(raw, 'reason', 'nature'), `${path}.reason`, FORMATS.discountNature.text);
  if (amount === undefined || code === undefined) return undefined;
  return { amount, code, codeOther: code === '99' ? codeOther : undefined, nature, path };
}

export function readExoneration(r: FieldReader, raw: Json, path: string): ExonerationInput | undefined {
  const documentType = r.code(pick(raw, 'document_type', 'type'), `${path}.document_type`, { required: true, width: 2, allowed: allCodes(NOTES.exonerationDocumentType.codes) });
  const documentTypeOther = r.text(pick(raw, 'type_other'), `${path}.type_other`, FORMATS.exonerationTypeOther.text);
  const documentNumber = r.text(pick(raw, 'document_number', 'number'), `${path}.document_number`, FORMATS.exonerationNumber.text);
  const institution = r.code(pick(raw, 'institution', 'institution_code'), `${path}.institution`, { required: true, width: 2, allowed: allCodes(NOTES.exonerationInstitution.codes) });
  const institutionOther = r.text(pick(raw, 'institution_name', 'institution_other'), `${path}.institution_name`, FORMATS.exonerationInstitutionOther.text);
  const issuedAt = r.dateTime(pick(raw, 'emission_date', 'date', 'issue_date'), `${path}.emission_date`, true);
  const article = r.integer(pick(raw, 'article', 'articulo'), `${path}.article`, FORMATS.exonerationArticle.decimal);
  const inciso = r.integer(pick(raw, 'inciso'), `${path}.inciso`, FORMATS.exonerationArticle.decimal);
  const rate = r.decimal(pick(raw, 'percentage', 'exonerated_rate', 'rate'), `${path}.percentage`, FORMATS.exoneratedRate.decimal);
  const amount = r.decimal(pick(raw, 'amount', 'exonerated_amount'), `${path}.amount`, MONEY);
  if (!documentType || !documentNumber || !institution || !issuedAt) return undefined;
  return {
    documentType,
    documentTypeOther: documentType === '99' ? documentTypeOther : undefined,
    documentNumber,
    article: article === undefined ? undefined : String(article),
    inciso: inciso === undefined ? undefined : String(inciso),
    institution,
    institutionOther: institution === '99' ? institutionOther : undefined,
    issuedAt: formatCostaRicaDateTime(issuedAt),
    rate,
    amount,
  };
}

/** DatosImpuestoEspecifico: `specific` (alias `specific_tax`), with the annex's or the XML's member names. */
function readSpecific(r: FieldReader, value: unknown, path: string): SpecificTaxInput | undefined {
  const raw = r.object(value, path);
  if (!raw) return undefined;
  const unitQuantity = r.decimal(pick(raw, 'unit_quantity', 'cantidad_unidad_medida'), `${path}.unit_quantity`, FORMATS.specificUnitQuantity.decimal);
  const percentage = r.decimal(pick(raw, 'percentage', 'porcentaje'), `${path}.percentage`, FORMATS.specificPercentage.decimal);
  const consumptionUnitVolume = r.decimal(pick(raw, 'consumption_unit_volume', 'volume', 'volumen_unidad_consumo'), `${path}.consumption_unit_volume`, FORMATS.specificVolume.decimal);
  const taxPerUnit = r.decimal(pick(raw, 'tax_per_unit', 'impuesto_unidad'), `${path}.tax_per_unit`, FORMATS.specificTaxPerUnit.decimal);
  if (unitQuantity === undefined || taxPerUnit === undefined) return undefined;
  return { unitQuantity, percentage, consumptionUnitVolume, taxPerUnit };
}

/** A bare VAT rate gets the rate code Hacienda requires with it (Nota 8.1): 13 -> 08, 4 -> 04, ... */
const RATE_CODE_OF_RATE: ReadonlyMap<string, string> = new Map([
  ['13', '08'], ['4', '04'], ['2', '03'], ['1', '02'], ['0.5', '09'],
]);

function taxCode(r: FieldReader, raw: Json, path: string): string | undefined {
  const value = pick(raw, 'type', 'code', 'tax_type');
  const named = typeof value === 'string' ? (TAX_NAMES[value.toLowerCase()] ?? value) : value;
  return r.code(named, `${path}.type`, { required: true, width: 2, allowed: allCodes(NOTES.taxCode.codes) });
}

export function readTax(r: FieldReader, raw: Json, path: string, type: DocumentTypeCode | undefined): TaxRequest | undefined {
  const code = taxCode(r, raw, path);
  const codeOther = r.text(pick(raw, 'type_other', 'other_code', 'code_other'), `${path}.type_other`, FORMATS.taxOther.text);
  const rateCode = r.code(pick(raw, 'rate_code', 'rate_type'), `${path}.rate_code`, { width: 2, allowed: codesFor(NOTES.ivaRateCode.codes, type), known: allCodes(NOTES.ivaRateCode.codes) });
  const rate = r.decimal(pick(raw, 'rate', 'percentage'), `${path}.rate`, FORMATS.taxRate.decimal);
  const specificValue = pick(raw, 'specific', 'specific_tax');
  const tax: TaxRequest = {
    path,
    code: code ?? '01',
    codeOther: code === '99' ? codeOther : undefined,
    rateCode,
    rate,
    ivaFactor: r.decimal(pick(raw, 'iva_factor', 'factor'), `${path}.iva_factor`, FORMATS.ivaFactor.decimal),
    specific: specificValue === undefined ? undefined : readSpecific(r, specificValue, `${path}.specific`),
    amount: r.decimal(pick(raw, 'amount'), `${path}.amount`, MONEY),
    assumed: r.decimal(pick(raw, 'assumed_tax_amount', 'assumed_amount'), `${path}.assumed_tax_amount`, MONEY),
    taxableBase: r.decimal(pick(raw, 'taxable_base'), `${path}.taxable_base`, MONEY),
    exportAmount: r.decimal(pick(raw, 'export_amount'), `${path}.export_amount`, MONEY),
  };
  if (code === undefined) return undefined;
  if (VAT_TAX_CODES.has(code)) {
    tax.amount = undefined; // VAT is always recomputed from the base and the rate
    if (tax.rateCode === undefined && tax.rate !== undefined) tax.rateCode = RATE_CODE_OF_RATE.get(tax.rate.toString());
  } else {
    tax.rateCode = undefined;
    tax.taxableBase = undefined;
    if (code === '12' && tax.rate === undefined) tax.rate = CEMENT_RATE; // "la tarifa será del 5%" (page 38)
  }
  return tax;
}

