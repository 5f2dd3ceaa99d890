/**
 * `items[].surtido_items`: the components of one unit of a combo or pack line (DetalleSurtido, up to 20),
 * with the same members as an item where the XML has them (CodigoComercialSurtido, UnidadMedidaComercial-
 * Surtido, IVACobradoFabricaSurtido, DescuentoSurtido, ImpuestoSurtido with DatosImpuestoEspecificoSurtido).
 * Their amounts are computed by domain/assortment-totals.ts.
 */
import { NOTES } from '../rules/notes.ts';
import { FORMATS } from '../rules/formats.ts';
import { FieldReader, pick, type Json } from './field-reader.ts';
import { allCodes } from './code-lists.ts';
import { readDiscount, readTax } from './read-tax.ts';
import { checkCabys, readCommercialCode, readList, readUnit, type ItemContext } from './read-line-parts.ts';
import type { ComponentRequest } from './parsed-request.ts';

function readComponent(r: FieldReader, raw: Json, path: string, ctx: ItemContext): ComponentRequest | undefined {
  const cabysCode = r.text(pick(raw, 'cabys_code', 'cabys'), `${path}.cabys_code`, { ...FORMATS.cabys.text, required: true });
  const description = r.text(pick(raw, 'description', 'detail'), `${path}.description`, FORMATS.componentDescription.text);
  const quantity = r.decimal(pick(raw, 'quantity'), `${path}.quantity`, FORMATS.componentQuantity.decimal);
  const unit = readUnit(r, pick(raw, 'unit'), `${path}.unit`);
  const unitPrice = r.decimal(pick(raw, 'price', 'unit_price'), `${path}.price`, FORMATS.componentUnitPrice.decimal);
  const discounts = readList(r, pick(raw, 'discount', 'discounts'), `${path}.discount`, 5, (d, p) => readDiscount(r, d, p, FORMATS.componentDiscountOther));
  const taxes = readList(r, pick(raw, 'tax', 'taxes'), `${path}.tax`, 1000, (t, p) => readTax(r, t, p, ctx.type));
  if (taxes.length === 0 && !r.problems.has(`${path}.tax`)) r.problems.add(`${path}.tax`, 'min_items', { min: 1 });
  const commercialCodes = readList(r, pick(raw, 'commercial_codes', 'commercial_code'), `${path}.commercial_codes`, 5, (c, p) => readCommercialCode(r, c, p));
  const commercialUnit = r.text(pick(raw, 'commercial_unit'), `${path}.commercial_unit`, FORMATS.componentCommercialUnit.text);
  const factory = r.code(pick(raw, 'iva_charged_at_factory'), `${path}.iva_charged_at_factory`, { width: 2, allowed: allCodes(NOTES.ivaChargedAtFactory.codes) });
  checkCabys(r, path, cabysCode, unit, ctx.cabys);
  if (!cabysCode || !description || !quantity || !unit || !unitPrice || taxes.length === 0) return undefined;
  return { path, cabysCode, commercialCodes, quantity, unit, commercialUnit, description, unitPrice, discounts, taxes, ivaChargedAtFactory: factory };
}

export function readAssortment(r: FieldReader, value: unknown, path: string, ctx: ItemContext): ComponentRequest[] {
  const list = r.array(value, path, { max: 20 }) ?? [];
  return list
    .map((entry, i) => {
      const raw = r.object(entry, `${path}.${i}`, true);
      return raw ? readComponent(r, raw, `${path}.${i}`, ctx) : undefined;
    })
    .filter((c): c is ComponentRequest => c !== undefined);
}
