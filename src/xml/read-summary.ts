/** Reads ResumenFactura, OtrosCargos, InformacionReferencia and Otros back into the model. */
import type { Element } from '@xmldom/xmldom';
import type { Decimal } from 'decimal.js';
import type { OtherCharge, OtherText, Payment, Reference, Summary } from '../domain/document-model.ts';
import { Dec } from '../domain/money.ts';
import { readIdentification } from './read-party.ts';
import { child, children, compact, dec, optDec, optStr, optTok, required, str, textOf, tok } from './read-dom.ts';

const ZERO = new Dec(0);

/**
 * MedioPago. Its children are optional in most XSDs: a missing TipoMedioPago reads as '' (which the
 * writer leaves out again); a missing TotalMedioPago is the whole document when it is the only
 * payment, else 0.
 */
function readPayments(el: Element, total: Decimal): Payment[] {
  const payments = children(el, 'MedioPago');
  return payments.map((p) =>
    compact({
      method: optTok(p, 'TipoMedioPago') ?? '',
      methodOther: optStr(p, 'MedioPagoOtros'),
      amount: optDec(p, 'TotalMedioPago') ?? (payments.length === 1 ? total : ZERO),
    }),
  );
}

/** ResumenFactura; optional totals that are absent are zero. */
export function readSummary(root: Element): Summary {
  const el = required(root, 'ResumenFactura');
  const currency = required(el, 'CodigoTipoMoneda');
  const amount = (name: string): Decimal => optDec(el, name) ?? ZERO;
  const total = dec(el, 'TotalComprobante');
  return {
    currency: tok(currency, 'CodigoMoneda'),
    exchangeRate: dec(currency, 'TipoCambio'),
    taxedServices: amount('TotalServGravados'),
    exemptServices: amount('TotalServExentos'),
    exoneratedServices: amount('TotalServExonerado'),
    nonSubjectServices: amount('TotalServNoSujeto'),
    taxedGoods: amount('TotalMercanciasGravadas'),
    exemptGoods: amount('TotalMercanciasExentas'),
    exoneratedGoods: amount('TotalMercExonerada'),
    nonSubjectGoods: amount('TotalMercNoSujeta'),
    taxed: amount('TotalGravado'),
    exempt: amount('TotalExento'),
    exonerated: amount('TotalExonerado'),
    nonSubject: amount('TotalNoSujeto'),
    sales: dec(el, 'TotalVenta'),
    discounts: amount('TotalDescuentos'),
    netSales: dec(el, 'TotalVentaNeta'),
    taxBreakdown: children(el, 'TotalDesgloseImpuesto').map((b) =>
      compact({ code: tok(b, 'Codigo'), rateCode: optTok(b, 'CodigoTarifaIVA'), amount: dec(b, 'TotalMontoImpuesto') }),
    ),
    tax: amount('TotalImpuesto'),
    assumedTax: amount('TotalImpAsumEmisorFabrica'),
    ivaReturned: amount('TotalIVADevuelto'),
    otherCharges: amount('TotalOtrosCargos'),
    payments: readPayments(el, total),
    total,
  };
}

export function readOtherCharges(root: Element): OtherCharge[] {
  return children(root, 'OtrosCargos').map((el) => {
    const third = child(el, 'IdentificacionTercero');
    return compact({
      type: tok(el, 'TipoDocumentoOC'),
      typeOther: optStr(el, 'TipoDocumentoOTROS'),
      thirdParty: third ? readIdentification(third) : undefined,
      thirdPartyName: optStr(el, 'NombreTercero'),
      detail: str(el, 'Detalle'),
      percentage: optDec(el, 'PorcentajeOC'),
      amount: dec(el, 'MontoCargo'),
    });
  });
}

export function readReferences(root: Element): Reference[] {
  return children(root, 'InformacionReferencia').map((el) =>
    compact({
      documentType: tok(el, 'TipoDocIR'),
      documentTypeOther: optStr(el, 'TipoDocRefOTRO'),
      number: optTok(el, 'Numero'),
      issuedAt: tok(el, 'FechaEmisionIR'),
      code: optTok(el, 'Codigo'),
      codeOther: optStr(el, 'CodigoReferenciaOTRO'),
      reason: optStr(el, 'Razon'),
    }),
  );
}

/** Otros/OtroTexto. OtroContenido (free-form content) has no place in the model and is skipped. */
export function readOthers(root: Element): OtherText[] {
  const others = child(root, 'Otros');
  if (others === undefined) return [];
  const read = (el: Element, kind: 'text' | 'content') =>
    compact({ kind: kind === 'content' ? kind : undefined, code: el.hasAttribute('codigo') ? el.getAttribute('codigo') ?? undefined : undefined, text: textOf(el) });
  return [...children(others, 'OtroTexto').map((el) => read(el, 'text')), ...children(others, 'OtroContenido').map((el) => read(el, 'content'))];
}
