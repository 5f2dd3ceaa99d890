/** Impuesto of a line: rate, specific-tax data and exoneration (ImpuestoType / ExoneracionType). */
import type { Exoneration, LineTax, SpecificTaxData } from '../domain/document-model.ts';
import { num, optNum, optText, text, wrap } from './elements.ts';
import { IVA_FACTOR, PROPORTION, RATE, UNIT_MEASURE } from './format.ts';
import type { LineProfile } from './profiles.ts';

/**
 * DatosImpuestoEspecifico; the assortment variant is the same with every name suffixed "Surtido"
 * (DatosImpuestoEspecificoSurtido/CantidadUnidadMedidaSurtido …).
 */
export function writeSpecificTax(data: SpecificTaxData, suffix: '' | 'Surtido'): string {
  return wrap(
    `DatosImpuestoEspecifico${suffix}`,
    num(`CantidadUnidadMedida${suffix}`, data.unitQuantity, UNIT_MEASURE) +
      optNum(`Porcentaje${suffix}`, data.percentage, RATE) +
      optNum(`Proporcion${suffix}`, data.proportion, PROPORTION) +
      optNum(`VolumenUnidadConsumo${suffix}`, data.consumptionUnitVolume, UNIT_MEASURE) +
      num(`ImpuestoUnidad${suffix}`, data.taxPerUnit),
  );
}

/** Exoneracion. */
function writeExoneration(ex: Exoneration): string {
  return wrap(
    'Exoneracion',
    text('TipoDocumentoEX1', ex.documentType) +
      optText('TipoDocumentoOTRO', ex.documentTypeOther) +
      text('NumeroDocumento', ex.documentNumber) +
      optText('Articulo', ex.article) +
      optText('Inciso', ex.inciso) +
      text('NombreInstitucion', ex.institution) +
      optText('NombreInstitucionOtros', ex.institutionOther) +
      text('FechaEmisionEX', ex.issuedAt) +
      num('TarifaExonerada', ex.rate, RATE) +
      num('MontoExoneracion', ex.amount),
  );
}

/** Impuesto, leaving out the parts the document type does not have (FEC/FEE/REP). */
export function writeTax(tax: LineTax, profile: LineProfile): string {
  let inner =
    text('Codigo', tax.code) +
    optText('CodigoImpuestoOTRO', tax.codeOther) +
    optText('CodigoTarifaIVA', tax.rateCode) +
    optNum('Tarifa', tax.rate, RATE) +
    optNum('FactorCalculoIVA', tax.ivaFactor, IVA_FACTOR);
  if (profile.specificTax && tax.specific) inner += writeSpecificTax(tax.specific, '');
  inner += num('Monto', tax.amount);
  if (profile.exportAmount) inner += optNum('MontoExportacion', tax.exportAmount);
  if (profile.exoneration && tax.exoneration) inner += writeExoneration(tax.exoneration);
  return wrap('Impuesto', inner);
}
