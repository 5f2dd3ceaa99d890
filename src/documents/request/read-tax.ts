/** `items[].tax`, `items[].discount` and `items[].exoneration` of the request. */
import {
  IVA_RATES,
  TRANSITIONAL_RATE_CODES,
  discountCodes,
  exonerationDocumentTypes,
  exonerationInstitutions,
  ivaRateCodes,
  taxCodes,
} from '../../domain/codes.ts';
import type { Discount, DocumentTypeCode } from '../../domain/document-model.ts';
import { Dec } from '../../domain/money.ts';
import { formatCostaRicaDateTime } from '../../domain/costa-rica-time.ts';
import { VAT_TAX_CODES, type ExonerationInput, type TaxInput } from '../../domain/line-totals.ts';
import { FieldReader, pick, type Json } from './field-reader.ts';
import { allCodes, codesFor } from './code-lists.ts';

const TAX_NAMES: Record<string, string> = { iva: '01', vat: '01', selectivo: '02', selective: '02', other: '99', otros: '99' };
/** Discount code used when the client gives none: 07 "Descuento comercial" (Nota 20). */
export const DEFAULT_DISCOUNT_CODE = '07';
const MONEY = { maxDecimals: 5, max: '9999999999999.99999' } as const;

export function readDiscount(r: FieldReader, raw: Json, path: string): Discount | undefined {
  const amount = r.decimal(pick(raw, 'amount', 'monto'), `${path}.amount`, { required: true, min: 0, ...MONEY });
  const code = r.code(pick(raw, 'code') ?? DEFAULT_DISCOUNT_CODE, `${path}.code`, { width: 2, allowed: allCodes(discountCodes) });
  const codeOther = r.text(pick(raw, 'other_code', 'other_discount_code', 'code_other'), `${path}.other_code`, { min: 5, max: 100 });
  if (code === '99' && codeOther === undefined && !r.problems.has(`${path}.other_code`)) r.problems.add(`${path}.other_code`, 'other_required');
  const nature = r.text(pick(raw, 'reason', 'nature'), `${path}.reason`, { min: 3, max: 80 });
  if (amount === undefined || code === undefined) return undefined;
  return { amount, code, codeOther: code === '99' ? codeOther : undefined, nature };
}

export function readExoneration(r: FieldReader, raw: Json, path: string): ExonerationInput | undefined {
  const documentType = r.code(pick(raw, 'document_type', 'type'), `${path}.document_type`, { required: true, width: 2, allowed: allCodes(exonerationDocumentTypes) });
  const documentTypeOther = r.text(pick(raw, 'type_other'), `${path}.type_other`, { min: 5, max: 100 });
  if (documentType === '99' && documentTypeOther === undefined && !r.problems.has(`${path}.type_other`)) r.problems.add(`${path}.type_other`, 'other_required');
  const documentNumber = r.text(pick(raw, 'document_number', 'number'), `${path}.document_number`, { required: true, min: 3, max: 40 });
  const institution = r.code(pick(raw, 'institution', 'institution_code'), `${path}.institution`, { required: true, width: 2, allowed: allCodes(exonerationInstitutions) });
  const institutionOther = r.text(pick(raw, 'institution_name', 'institution_other'), `${path}.institution_name`, { min: 5, max: 160 });
  if (institution === '99' && institutionOther === undefined && !r.problems.has(`${path}.institution_name`)) r.problems.add(`${path}.institution_name`, 'other_required');
  const issuedAt = r.dateTime(pick(raw, 'emission_date', 'date', 'issue_date'), `${path}.emission_date`, true);
  const article = r.integer(pick(raw, 'article', 'articulo'), `${path}.article`, { min: 0, max: 999999 });
  const inciso = r.integer(pick(raw, 'inciso'), `${path}.inciso`, { min: 0, max: 999999 });
  const rate = r.decimal(pick(raw, 'percentage', 'exonerated_rate', 'rate'), `${path}.percentage`, { min: 0, max: '99.99', maxDecimals: 2 });
  const amount = r.decimal(pick(raw, 'amount', 'exonerated_amount'), `${path}.amount`, { min: 0, ...MONEY });
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

function checkVatRate(r: FieldReader, path: string, tax: TaxInput, type: DocumentTypeCode | undefined): void {
  if (tax.rateCode === undefined && tax.rate === undefined) {
    r.problems.add(`${path}.rate_code`, 'vat_rate_required');
    return;
  }
  if (tax.rateCode !== undefined && (TRANSITIONAL_RATE_CODES as readonly string[]).includes(tax.rateCode) && type !== '02' && type !== '03') {
    r.problems.add(`${path}.rate_code`, 'rate_code_transitional');
  }
  const expected = tax.rateCode === undefined ? undefined : IVA_RATES[tax.rateCode];
  if (expected !== undefined && tax.rate !== undefined && !tax.rate.equals(expected)) {
    r.problems.add(`${path}.rate`, 'rate_mismatch', { rate: tax.rate.toString(), code: tax.rateCode!, expected: `${expected}%` });
  }
  if (tax.rateCode === undefined && tax.rate !== undefined) {
    // A bare VAT rate gets the rate code Hacienda requires with it (Nota 8.1): 13 -> 08, 4 -> 04, ...
    tax.rateCode = Object.entries(IVA_RATES).find(([code, rate]) => tax.rate!.equals(rate) && !['05', '06', '07', '10', '11'].includes(code))?.[0];
  }
}

export function readTax(r: FieldReader, raw: Json, path: string, type: DocumentTypeCode | undefined): TaxInput | undefined {
  const typeValue = pick(raw, 'type', 'code', 'tax_type');
  const code = r.code(typeof typeValue === 'string' ? (TAX_NAMES[typeValue.toLowerCase()] ?? typeValue) : typeValue, `${path}.type`, {
    required: true, width: 2, allowed: allCodes(taxCodes),
  });
  const codeOther = r.text(pick(raw, 'type_other', 'other_code', 'code_other'), `${path}.type_other`, { min: 5, max: 100 });
  if (code === '99' && codeOther === undefined && !r.problems.has(`${path}.type_other`)) r.problems.add(`${path}.type_other`, 'other_required');
  const rateCode = r.code(pick(raw, 'rate_code', 'rate_type'), `${path}.rate_code`, { width: 2, allowed: codesFor(ivaRateCodes, type), known: allCodes(ivaRateCodes) });
  const rate = r.decimal(pick(raw, 'rate', 'percentage'), `${path}.rate`, { min: 0, max: '99.99', maxDecimals: 2 });
  const tax: TaxInput = {
    code: code ?? '01',
    codeOther: code === '99' ? codeOther : undefined,
    rateCode,
    rate,
    ivaFactor: r.decimal(pick(raw, 'iva_factor', 'factor'), `${path}.iva_factor`, { min: 0, max: '9.9999', maxDecimals: 4 }),
    amount: r.decimal(pick(raw, 'amount'), `${path}.amount`, { min: 0, ...MONEY }),
    assumed: r.decimal(pick(raw, 'assumed_tax_amount', 'assumed_amount'), `${path}.assumed_tax_amount`, { min: 0, ...MONEY }),
    taxableBase: code === '07' ? r.decimal(pick(raw, 'taxable_base'), `${path}.taxable_base`, { min: 0, ...MONEY }) : undefined,
  };
  if (code === undefined) return undefined;
  if (VAT_TAX_CODES.has(code)) {
    tax.amount = undefined; // VAT is always recomputed from the base and the rate
    if (!r.problems.has(`${path}.rate_code`) && !r.problems.has(`${path}.rate`)) checkVatRate(r, path, tax, type);
  } else {
    tax.rateCode = undefined;
  }
  return tax;
}

/** The VAT rate a tax ends up with, for checks against an exoneration. */
export function taxRateOf(tax: TaxInput): Dec | undefined {
  if (tax.rateCode !== undefined && IVA_RATES[tax.rateCode] !== undefined) return new Dec(IVA_RATES[tax.rateCode]!);
  return tax.rate;
}
