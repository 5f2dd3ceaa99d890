/** DetalleSurtido: the components of a combo line (LineaDetalleSurtido, up to 20). */
import type { AssortmentLine, Discount } from '../domain/document-model.ts';
import { checkMax, num, optNum, optText, text, wrap } from './elements.ts';
import { XmlWriteError } from './errors.ts';
import { QUANTITY, RATE } from './format.ts';
import type { LineProfile } from './profiles.ts';
import { writeSpecificTax } from './write-tax.ts';

type AssortmentTax = AssortmentLine['taxes'][number];

/** DescuentoSurtido: no NaturalezaDescuento; CodigoDescuentoOTRO is called DescuentoSurtidoOtros. */
function writeDiscount(discount: Discount): string {
  return wrap(
    'DescuentoSurtido',
    num('MontoDescuentoSurtido', discount.amount) +
      text('CodigoDescuentoSurtido', discount.code) +
      optText('DescuentoSurtidoOtros', discount.codeOther),
  );
}

/** ImpuestoSurtido (no FactorCalculoIVA, no exoneration). */
function writeTax(tax: AssortmentTax, profile: LineProfile): string {
  let inner =
    text('CodigoImpuestoSurtido', tax.code) +
    optText('CodigoImpuestoOTROSurtido', tax.codeOther) +
    optText('CodigoTarifaIVASurtido', tax.rateCode) +
    optNum('TarifaSurtido', tax.rate, RATE);
  if (profile.specificTax && tax.specific) inner += writeSpecificTax(tax.specific, 'Surtido');
  return wrap('ImpuestoSurtido', inner + num('MontoImpuestoSurtido', tax.amount));
}

function writeComponent(item: AssortmentLine, profile: LineProfile): string {
  checkMax('CodigoComercialSurtido', item.commercialCodes.length, 5);
  checkMax('DescuentoSurtido', item.discounts.length, 5);
  if (item.taxes.length === 0) throw new XmlWriteError('ImpuestoSurtido', 'at least one required');
  let inner = text('CodigoCABYSSurtido', item.cabysCode);
  for (const code of item.commercialCodes) {
    inner += wrap('CodigoComercialSurtido', text('TipoSurtido', code.type) + text('CodigoSurtido', code.code));
  }
  inner +=
    num('CantidadSurtido', item.quantity, QUANTITY) +
    text('UnidadMedidaSurtido', item.unit) +
    optText('UnidadMedidaComercialSurtido', item.commercialUnit) +
    text('DetalleSurtido', item.description) +
    num('PrecioUnitarioSurtido', item.unitPrice) +
    num('MontoTotalSurtido', item.amount);
  for (const discount of item.discounts) inner += writeDiscount(discount);
  inner += num('SubTotalSurtido', item.subtotal);
  if (profile.ivaChargedAtFactory) inner += optText('IVACobradoFabricaSurtido', item.ivaChargedAtFactory);
  if (profile.taxableBase) inner += num('BaseImponibleSurtido', item.taxableBase);
  for (const tax of item.taxes) inner += writeTax(tax, profile);
  return wrap('LineaDetalleSurtido', inner);
}

/** DetalleSurtido, or nothing when the line is not a combo or the type has no assortments (FEC, REP). */
export function writeAssortment(items: readonly AssortmentLine[], profile: LineProfile): string {
  if (!profile.assortment || items.length === 0) return '';
  checkMax('LineaDetalleSurtido', items.length, 20);
  let inner = '';
  for (const item of items) inner += writeComponent(item, profile);
  return wrap('DetalleSurtido', inner);
}
