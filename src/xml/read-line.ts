/**
 * Reads DetalleServicio back into model lines. Amounts a type's XSD does not carry get the value
 * they stand for: no BaseImponible (FEE, REP) → the subtotal; no ImpuestoAsumidoEmisorFabrica →
 * 0; no ImpuestoNeto (FEE) → Σ tax − Σ exonerated − assumed. REP lines (payments) have neither
 * quantity, unit nor price: they read as 1 × `Sp` at the line amount.
 */
import type { Element } from '@xmldom/xmldom';
import type { Decimal } from 'decimal.js';
import { isServiceUnit } from '../domain/codes.ts';
import type { AssortmentLine, Discount, Exoneration, Line, LineTax, SpecificTaxData } from '../domain/document-model.ts';
import { Dec } from '../domain/money.ts';
import { XmlReadError } from './errors.ts';
import { child, children, compact, dec, optDec, optInt, optStr, optTok, str, textOf, tok } from './read-dom.ts';

const ZERO = new Dec(0);
/** What a REP line stands for: one payment, a service (UnidadMedida Sp). */
export const PAYMENT_LINE_UNIT = 'Sp';

function readSpecific(el: Element | undefined, s: '' | 'Surtido'): SpecificTaxData | undefined {
  if (el === undefined) return undefined;
  return compact({
    unitQuantity: dec(el, `CantidadUnidadMedida${s}`),
    percentage: optDec(el, `Porcentaje${s}`),
    proportion: optDec(el, `Proporcion${s}`),
    consumptionUnitVolume: optDec(el, `VolumenUnidadConsumo${s}`),
    taxPerUnit: dec(el, `ImpuestoUnidad${s}`),
  });
}

function readExoneration(el: Element | undefined): Exoneration | undefined {
  if (el === undefined) return undefined;
  return compact({
    documentType: tok(el, 'TipoDocumentoEX1'),
    documentTypeOther: optStr(el, 'TipoDocumentoOTRO'),
    documentNumber: str(el, 'NumeroDocumento'),
    article: optTok(el, 'Articulo'),
    inciso: optTok(el, 'Inciso'),
    institution: tok(el, 'NombreInstitucion'),
    institutionOther: optStr(el, 'NombreInstitucionOtros'),
    issuedAt: tok(el, 'FechaEmisionEX'),
    rate: dec(el, 'TarifaExonerada'),
    amount: dec(el, 'MontoExoneracion'),
  });
}

function readTax(el: Element): LineTax {
  return compact({
    code: tok(el, 'Codigo'),
    codeOther: optStr(el, 'CodigoImpuestoOTRO'),
    rateCode: optTok(el, 'CodigoTarifaIVA'),
    rate: optDec(el, 'Tarifa'),
    ivaFactor: optDec(el, 'FactorCalculoIVA'),
    specific: readSpecific(child(el, 'DatosImpuestoEspecifico'), ''),
    amount: dec(el, 'Monto'),
    exportAmount: optDec(el, 'MontoExportacion'),
    exoneration: readExoneration(child(el, 'Exoneracion')),
  });
}

function readDiscount(el: Element, s: '' | 'Surtido'): Discount {
  return compact({
    amount: dec(el, `MontoDescuento${s}`),
    code: tok(el, `CodigoDescuento${s}`),
    codeOther: optStr(el, s === '' ? 'CodigoDescuentoOTRO' : 'DescuentoSurtidoOtros'),
    nature: s === '' ? optStr(el, 'NaturalezaDescuento') : undefined,
  });
}

function readAssortmentLine(el: Element): AssortmentLine {
  const subtotal = dec(el, 'SubTotalSurtido');
  return compact({
    cabysCode: tok(el, 'CodigoCABYSSurtido'),
    commercialCodes: children(el, 'CodigoComercialSurtido').map((c) => ({ type: tok(c, 'TipoSurtido'), code: str(c, 'CodigoSurtido') })),
    quantity: dec(el, 'CantidadSurtido'),
    unit: tok(el, 'UnidadMedidaSurtido'),
    commercialUnit: optStr(el, 'UnidadMedidaComercialSurtido'),
    description: str(el, 'DetalleSurtido'),
    unitPrice: dec(el, 'PrecioUnitarioSurtido'),
    amount: dec(el, 'MontoTotalSurtido'),
    discounts: children(el, 'DescuentoSurtido').map((d) => readDiscount(d, 'Surtido')),
    subtotal,
    ivaChargedAtFactory: optTok(el, 'IVACobradoFabricaSurtido'),
    taxableBase: optDec(el, 'BaseImponibleSurtido') ?? subtotal,
    taxes: children(el, 'ImpuestoSurtido').map((t) =>
      compact({
        code: tok(t, 'CodigoImpuestoSurtido'),
        codeOther: optStr(t, 'CodigoImpuestoOTROSurtido'),
        rateCode: optTok(t, 'CodigoTarifaIVASurtido'),
        rate: optDec(t, 'TarifaSurtido'),
        specific: readSpecific(child(t, 'DatosImpuestoEspecificoSurtido'), 'Surtido'),
        amount: dec(t, 'MontoImpuestoSurtido'),
      }),
    ),
  });
}

/** Σ tax − Σ exonerated − assumed: the ImpuestoNeto a line without that element stands for. */
function netTaxOf(taxes: LineTax[], assumed: Decimal): Decimal {
  let net = ZERO.minus(assumed);
  for (const tax of taxes) net = net.plus(tax.amount).minus(tax.exoneration?.amount ?? ZERO);
  return net;
}

function readLine(el: Element): Line {
  const number = optInt(el, 'NumeroLinea');
  if (number === undefined) throw new XmlReadError('<LineaDetalle> lacks the required element <NumeroLinea>');
  const amount = dec(el, 'MontoTotal');
  const subtotal = dec(el, 'SubTotal');
  const unit = optTok(el, 'UnidadMedida') ?? PAYMENT_LINE_UNIT;
  const taxes = children(el, 'Impuesto').map(readTax);
  const assumedTax = optDec(el, 'ImpuestoAsumidoEmisorFabrica') ?? ZERO;
  const surtido = child(el, 'DetalleSurtido');
  return compact({
    number,
    tariffCode: optTok(el, 'PartidaArancelaria'),
    cabysCode: optTok(el, 'CodigoCABYS'),
    commercialCodes: children(el, 'CodigoComercial').map((c) => ({ type: tok(c, 'Tipo'), code: str(c, 'Codigo') })),
    quantity: optDec(el, 'Cantidad') ?? new Dec(1),
    unit,
    transactionType: optTok(el, 'TipoTransaccion'),
    commercialUnit: optStr(el, 'UnidadMedidaComercial'),
    description: str(el, 'Detalle'),
    serialNumbers: children(el, 'NumeroVINoSerie').map(textOf),
    medicationRegistry: optStr(el, 'RegistroMedicamento'),
    pharmaceuticalForm: optStr(el, 'FormaFarmaceutica'),
    assortment: surtido ? children(surtido, 'LineaDetalleSurtido').map(readAssortmentLine) : [],
    unitPrice: optDec(el, 'PrecioUnitario') ?? amount,
    amount,
    discounts: children(el, 'Descuento').map((d) => readDiscount(d, '')),
    subtotal,
    ivaChargedAtFactory: optTok(el, 'IVACobradoFabrica'),
    taxableBase: optDec(el, 'BaseImponible') ?? subtotal,
    taxes,
    assumedTax,
    netTax: optDec(el, 'ImpuestoNeto') ?? netTaxOf(taxes, assumedTax),
    total: dec(el, 'MontoTotalLinea'),
    isService: isServiceUnit(unit),
  });
}

/** DetalleServicio/LineaDetalle, or no lines when the element is absent. */
export function readLines(root: Element): Line[] {
  const detail = child(root, 'DetalleServicio');
  return detail ? children(detail, 'LineaDetalle').map(readLine) : [];
}
