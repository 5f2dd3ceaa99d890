/** `items[]` of the request: one detail line each. */
import { isServiceUnit } from '../../domain/codes.ts';
import { NOTES } from '../rules/notes.ts';
import { VAT_TAX_CODES } from '../../domain/line-totals.ts';
import { FORMATS } from '../rules/formats.ts';
import { FieldReader, MONEY, pick, type Json } from './field-reader.ts';
import { allCodes } from './code-lists.ts';
import { readDiscount, readExoneration, readTax } from './read-tax.ts';
import { readAssortment } from './read-assortment.ts';
import { checkCabys, readCommercialCode, readList, readUnit, type ItemContext } from './read-line-parts.ts';
import type { ItemInput, TaxRequest } from './parsed-request.ts';

export type { CabysCatalog, ItemContext } from './read-line-parts.ts';
export { readList } from './read-line-parts.ts';

/** A plain line's exoneration is its VAT's (the catalogue refuses one without a VAT to exonerate). */
function attachExoneration(item: Pick<ItemInput, 'exoneration' | 'assortment'>, taxes: TaxRequest[]): void {
  if (!item.exoneration || item.assortment.length > 0) return;
  const vat = taxes.find((t) => VAT_TAX_CODES.has(t.code));
  if (vat) vat.exoneration = item.exoneration;
}

export function readItem(r: FieldReader, raw: Json, index: number, ctx: ItemContext): ItemInput | undefined {
  const path = `items.${index}`;
  const optionalCabys = ctx.type === '10' || ctx.type === '02' || ctx.type === '03';
  const cabysCode = r.text(pick(raw, 'cabys_code', 'cabys', 'code'), `${path}.cabys_code`, { ...FORMATS.cabys.text, required: !optionalCabys });
  const quantity = r.decimal(pick(raw, 'quantity', 'cantidad'), `${path}.quantity`, FORMATS.quantity.decimal);
  const unit = readUnit(r, pick(raw, 'unit', 'unit_of_measure', 'unidad_medida'), `${path}.unit`);
  const description = r.text(pick(raw, 'description', 'detail', 'detalle'), `${path}.description`, FORMATS.description.text);
  const unitPrice = r.decimal(pick(raw, 'price', 'unit_price'), `${path}.price`, FORMATS.unitPrice.decimal);
  const lineNumber = r.integer(pick(raw, 'line_number'), `${path}.line_number`, FORMATS.lineNumber.decimal);
  const taxes = readList(r, pick(raw, 'tax', 'taxes'), `${path}.tax`, 1000, (t, p) => readTax(r, t, p, ctx.type));
  const exonerationRaw = r.object(pick(raw, 'exoneration', 'exoneracion'), `${path}.exoneration`);
  const discounts = readList(r, pick(raw, 'discount', 'discounts'), `${path}.discount`, 5, (d, p) => readDiscount(r, d, p));
  const commercialCodes = readList(r, pick(raw, 'commercial_codes', 'commercial_code'), `${path}.commercial_codes`, 5, (c, p) => readCommercialCode(r, c, p));
  const tariffCode = r.text(pick(raw, 'tariff_code', 'partida_arancelaria'), `${path}.tariff_code`, FORMATS.tariffCode.text);
  const serials = r.array(pick(raw, 'serial_numbers', 'vin'), `${path}.serial_numbers`, { max: 1000 }) ?? [];
  const serviceByCabys = checkCabys(r, path, cabysCode, unit, ctx.cabys);
  const isService = serviceByCabys ?? (r.boolean(pick(raw, 'is_service'), `${path}.is_service`) ?? (unit !== undefined && isServiceUnit(unit)));
  const exoneration = exonerationRaw ? readExoneration(r, exonerationRaw, `${path}.exoneration`) : undefined;
  const item: ItemInput = {
    path,
    lineNumber: lineNumber ?? index + 1,
    cabysCode,
    quantity: quantity!,
    unit: unit!,
    commercialUnit: r.text(pick(raw, 'commercial_unit'), `${path}.commercial_unit`, FORMATS.commercialUnit.text),
    description: description!,
    unitPrice,
    discounts,
    taxes,
    exoneration,
    exportAmount: r.decimal(pick(raw, 'export_amount'), `${path}.export_amount`, MONEY),
    isService,
    commercialCodes,
    tariffCode,
    transactionType: r.code(pick(raw, 'transaction_type'), `${path}.transaction_type`, { width: 2, allowed: allCodes(NOTES.transactionType.codes) }),
    medicationRegistry: r.text(pick(raw, 'medication_registry'), `${path}.medication_registry`, FORMATS.medicationRegistry.text),
    pharmaceuticalForm: r.text(pick(raw, 'pharmaceutical_form'), `${path}.pharmaceutical_form`, { max: 3 }),
    serialNumbers: serials.map((s, i) => r.text(s, `${path}.serial_numbers.${i}`, FORMATS.serialNumber.text)).filter((s): s is string => s !== undefined),
    ivaChargedAtFactory: r.code(pick(raw, 'iva_charged_at_factory'), `${path}.iva_charged_at_factory`, { width: 2, allowed: allCodes(NOTES.ivaChargedAtFactory.codes) }),
    assortment: readAssortment(r, pick(raw, 'surtido_items', 'assortment'), `${path}.surtido_items`, ctx),
    priceIncludesVat: r.boolean(pick(raw, 'price_includes_vat'), `${path}.price_includes_vat`),
  };
  attachExoneration(item, taxes);
  // Missing essentials were reported; such an item is not read further.
  return quantity && unit && description && (cabysCode || optionalCabys) ? item : undefined;
}
