/** DetalleServicio / LineaDetalle. */
import type { Discount, Line } from '../domain/document-model.ts';
import { checkMax, num, optText, text, texts, wrap } from './elements.ts';
import { XmlWriteError } from './errors.ts';
import { formatInteger, QUANTITY } from './format.ts';
import type { DocumentProfile, LineProfile } from './profiles.ts';
import { writeAssortment } from './write-assortment.ts';
import { writeTax } from './write-tax.ts';

/** Descuento (DescuentoType). */
function writeDiscount(discount: Discount): string {
  return wrap(
    'Descuento',
    num('MontoDescuento', discount.amount) +
      text('CodigoDescuento', discount.code) +
      optText('CodigoDescuentoOTRO', discount.codeOther) +
      optText('NaturalezaDescuento', discount.nature),
  );
}

function writeTaxes(line: Line, profile: LineProfile): string {
  if (line.taxes.length < profile.minTaxes) throw new XmlWriteError('Impuesto', 'at least one required');
  checkMax('Impuesto', line.taxes.length, 1000);
  let out = '';
  for (const tax of line.taxes) out += writeTax(tax, profile);
  return out;
}

/** Everything from NumeroLinea to FormaFarmaceutica: what is sold. */
function writeItem(line: Line, profile: LineProfile): string {
  let out = formatLineNumber(line.number);
  if (profile.tariffCode) out += optText('PartidaArancelaria', line.tariffCode);
  out += profile.cabys === 'required' ? text('CodigoCABYS', line.cabysCode) : optText('CodigoCABYS', line.cabysCode);
  checkMax('CodigoComercial', line.commercialCodes.length, 5);
  for (const code of line.commercialCodes) {
    out += wrap('CodigoComercial', text('Tipo', code.type) + text('Codigo', code.code));
  }
  out += num('Cantidad', line.quantity, QUANTITY) + text('UnidadMedida', line.unit);
  if (profile.transactionType) out += optText('TipoTransaccion', line.transactionType);
  return (
    out +
    optText('UnidadMedidaComercial', line.commercialUnit) +
    text('Detalle', line.description) +
    texts('NumeroVINoSerie', line.serialNumbers, 1000) +
    optText('RegistroMedicamento', line.medicationRegistry) +
    optText('FormaFarmaceutica', line.pharmaceuticalForm)
  );
}

/** Everything from PrecioUnitario to MontoTotalLinea: the amounts. */
function writeAmounts(line: Line, profile: LineProfile): string {
  let out = num('PrecioUnitario', line.unitPrice) + num('MontoTotal', line.amount);
  checkMax('Descuento', line.discounts.length, 5);
  for (const discount of line.discounts) out += writeDiscount(discount);
  out += num('SubTotal', line.subtotal);
  if (profile.ivaChargedAtFactory) out += optText('IVACobradoFabrica', line.ivaChargedAtFactory);
  if (profile.taxableBase) out += num('BaseImponible', line.taxableBase);
  out += writeTaxes(line, profile);
  // Written even where optional (NC/ND): the model always carries it, usually 0.00000.
  if (profile.assumedTax !== 'absent') out += num('ImpuestoAsumidoEmisorFabrica', line.assumedTax);
  if (profile.netTax) out += num('ImpuestoNeto', line.netTax);
  return out + num('MontoTotalLinea', line.total);
}

/** REP lines: a payment against an earlier credit sale, without goods, prices or discounts. */
function writeReducedLine(line: Line, profile: LineProfile): string {
  return (
    formatLineNumber(line.number) +
    text('Detalle', line.description) +
    num('MontoTotal', line.amount) +
    num('SubTotal', line.subtotal) +
    writeTaxes(line, profile) +
    num('ImpuestoNeto', line.netTax) +
    num('MontoTotalLinea', line.total)
  );
}

function formatLineNumber(n: number): string {
  return `<NumeroLinea>${formatInteger(n, 1, 1000, 'NumeroLinea')}</NumeroLinea>`;
}

function writeLine(line: Line, profile: LineProfile): string {
  if (profile.reduced) return wrap('LineaDetalle', writeReducedLine(line, profile));
  return wrap(
    'LineaDetalle',
    writeItem(line, profile) + writeAssortment(line.assortment, profile) + writeAmounts(line, profile),
  );
}

/** DetalleServicio; error paths name the line (`LineaDetalle[3]/Tarifa`). */
export function writeLines(lines: readonly Line[], profile: DocumentProfile): string {
  if (lines.length === 0) {
    if (profile.detail === 'required') throw new XmlWriteError('DetalleServicio', 'at least one line required');
    return '';
  }
  checkMax('LineaDetalle', lines.length, 1000);
  let out = '';
  lines.forEach((line, index) => {
    try {
      out += writeLine(line, profile.line);
    } catch (error) {
      throw error instanceof XmlWriteError ? error.within(`LineaDetalle[${index + 1}]`) : error;
    }
  });
  return wrap('DetalleServicio', out);
}
