/** `items[]` of the request: one detail line each. */
import { commercialCodeTypes, isServiceUnit, ivaChargedAtFactory, transactionTypes, isServiceCabys, unitCabysMismatch, units } from '../../domain/codes.ts';
import type { CommercialCode, DocumentTypeCode } from '../../domain/document-model.ts';
import { VAT_TAX_CODES, type TaxInput } from '../../domain/line-totals.ts';
import { FieldReader, pick, type Json } from './field-reader.ts';
import { allCodes } from './code-lists.ts';
import { readDiscount, readExoneration, readTax, taxRateOf } from './read-tax.ts';
import { readAssortment } from './read-assortment.ts';
import type { ItemInput } from './parsed-request.ts';

/** Looks CABYS codes up in the shipped catalog. */
export interface CabysCatalog {
  has(code: string): boolean;
}

export interface ItemContext {
  type: DocumentTypeCode | undefined;
  cabys: CabysCatalog;
}

const MONEY = { maxDecimals: 5, max: '9999999999999.99999' } as const;

export function readList<T>(r: FieldReader, value: unknown, path: string, max: number, read: (raw: Json, path: string) => T | undefined): T[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  if (list.length > max) r.problems.add(path, 'max_items', { max });
  const out: T[] = [];
  list.slice(0, max).forEach((entry, i) => {
    const entryPath = Array.isArray(value) ? `${path}.${i}` : path;
    const raw = r.object(entry, entryPath, true);
    const item = raw ? read(raw, entryPath) : undefined;
    if (item !== undefined) out.push(item);
  });
  return out;
}

function readCommercialCode(r: FieldReader, raw: Json, path: string): CommercialCode | undefined {
  const type = r.code(pick(raw, 'type') ?? '01', `${path}.type`, { width: 2, allowed: allCodes(commercialCodeTypes) });
  const code = r.text(pick(raw, 'code'), `${path}.code`, { required: true, max: 20 });
  return type && code ? { type, code } : undefined;
}

/** CABYS: 13 digits, present in the catalog; the unit decides goods or service and must agree with it. */
function checkCabys(r: FieldReader, path: string, cabys: string | undefined, unit: string | undefined, ctx: ItemContext): boolean | undefined {
  if (cabys === undefined) return undefined;
  if (!ctx.cabys.has(cabys)) {
    r.problems.add(`${path}.cabys_code`, 'cabys_unknown', { value: cabys });
    return undefined;
  }
  const mismatch = unitCabysMismatch(unit, cabys);
  if (mismatch) r.problems.add(`${path}.unit`, mismatch === 'needs_service' ? 'unit_needs_service_cabys' : 'unit_needs_goods_cabys', { unit: unit! });
  return isServiceCabys(cabys);
}

function attachExoneration(r: FieldReader, raw: Json, path: string, taxes: TaxInput[]): void {
  const value = pick(raw, 'exoneration', 'exoneracion');
  const exRaw = r.object(value, `${path}.exoneration`);
  if (!exRaw) return;
  const exoneration = readExoneration(r, exRaw, `${path}.exoneration`);
  const vat = taxes.find((t) => VAT_TAX_CODES.has(t.code)) ?? taxes[0];
  if (!exoneration) return;
  const rate = vat ? taxRateOf(vat) : undefined;
  if (!vat || rate === undefined || rate.isZero()) {
    r.problems.add(`${path}.exoneration`, 'exoneration_needs_rate');
    return;
  }
  if (exoneration.rate !== undefined && exoneration.rate.greaterThan(rate)) {
    r.problems.add(`${path}.exoneration.percentage`, 'exoneration_exceeds_rate', { exonerated: exoneration.rate.toString(), rate: rate.toString() });
    return;
  }
  vat.exoneration = exoneration;
}

export function readItem(r: FieldReader, raw: Json, index: number, ctx: ItemContext): ItemInput | undefined {
  const path = `items.${index}`;
  const optionalCabys = ctx.type === '10';
  const cabysCode = r.text(pick(raw, 'cabys_code', 'cabys', 'code'), `${path}.cabys_code`, { required: !optionalCabys, pattern: /^\d{13}$/, format: '13 digits' });
  const quantity = r.decimal(pick(raw, 'quantity', 'cantidad'), `${path}.quantity`, { required: true, positive: true, maxDecimals: 3, max: '9999999999999.999' });
  const unitValue = r.text(pick(raw, 'unit', 'unit_of_measure', 'unidad_medida'), `${path}.unit`, { required: true });
  const unit = unitValue !== undefined && allCodes(units).has(unitValue) ? unitValue : undefined;
  if (unitValue !== undefined && unit === undefined) r.problems.add(`${path}.unit`, 'unknown_code', { value: unitValue });
  const description = r.text(pick(raw, 'description', 'detail', 'detalle'), `${path}.description`, { required: true, min: 3, max: 200 });
  const unitPrice = r.decimal(pick(raw, 'price', 'unit_price'), `${path}.price`, { min: 0, ...MONEY });
  const lineNumber = r.integer(pick(raw, 'line_number'), `${path}.line_number`, { min: 1, max: 1000 });
  const taxes = readList(r, pick(raw, 'tax', 'taxes'), `${path}.tax`, 1000, (t, p) => readTax(r, t, p, ctx.type));
  attachExoneration(r, raw, path, taxes);
  const discounts = readList(r, pick(raw, 'discount', 'discounts'), `${path}.discount`, 5, (d, p) => readDiscount(r, d, p));
  const commercialCodes = readList(r, pick(raw, 'commercial_codes', 'commercial_code'), `${path}.commercial_codes`, 5, (c, p) => readCommercialCode(r, c, p));
  const tariffCode = r.text(pick(raw, 'tariff_code', 'partida_arancelaria'), `${path}.tariff_code`, { pattern: /^\d{12}$/, format: '12 digits' });
  const serials = r.array(pick(raw, 'serial_numbers', 'vin'), `${path}.serial_numbers`, { max: 1000 }) ?? [];
  const serviceByCabys = checkCabys(r, path, cabysCode, unit, ctx);
  const isService = serviceByCabys ?? (r.boolean(pick(raw, 'is_service'), `${path}.is_service`) ?? (unit !== undefined && isServiceUnit(unit)));
  const item = {
    lineNumber: lineNumber ?? index + 1,
    cabysCode,
    quantity,
    unit,
    commercialUnit: r.text(pick(raw, 'commercial_unit'), `${path}.commercial_unit`, { max: 20 }),
    description,
    discounts,
    taxes,
    isService,
    commercialCodes,
    tariffCode,
    transactionType: r.code(pick(raw, 'transaction_type'), `${path}.transaction_type`, { width: 2, allowed: allCodes(transactionTypes) }),
    medicationRegistry: r.text(pick(raw, 'medication_registry'), `${path}.medication_registry`, { max: 100 }),
    pharmaceuticalForm: r.text(pick(raw, 'pharmaceutical_form'), `${path}.pharmaceutical_form`, { max: 3 }),
    serialNumbers: serials.map((s, i) => r.text(s, `${path}.serial_numbers.${i}`, { max: 17 })).filter((s): s is string => s !== undefined),
    ivaChargedAtFactory: r.code(pick(raw, 'iva_charged_at_factory'), `${path}.iva_charged_at_factory`, { width: 2, allowed: allCodes(ivaChargedAtFactory) }),
    assortment: readAssortment(r, pick(raw, 'surtido_items', 'assortment'), `${path}.surtido_items`),
  };
  if (!quantity || !unit || !description || (!cabysCode && !optionalCabys)) return undefined;
  // A line without a price is a free line (price 0); its discounts and taxes still apply.
  return { ...item, quantity, unit, description, unitPrice: unitPrice ?? quantity.mul(0) };
}
