/** ResumenFactura. Optional totals are written only when non-zero, the required ones always. */
import type { Payment, Summary, TaxBreakdown } from '../domain/document-model.ts';
import { checkMax, nonZero, num, optText, text, wrap } from './elements.ts';
import { XmlWriteError } from './errors.ts';
import type { SummaryProfile } from './profiles.ts';

/** CodigoTipoMoneda. */
function writeCurrency(summary: Summary): string {
  return wrap('CodigoTipoMoneda', text('CodigoMoneda', summary.currency) + num('TipoCambio', summary.exchangeRate));
}

/** TotalServGravados … TotalNoSujeto; FEE has no exonerated / non-subject totals. */
function writeSplitTotals(s: Summary, profile: SummaryProfile): string {
  const all = profile.exoneratedAndNonSubject;
  return (
    nonZero('TotalServGravados', s.taxedServices) +
    nonZero('TotalServExentos', s.exemptServices) +
    (all ? nonZero('TotalServExonerado', s.exoneratedServices) + nonZero('TotalServNoSujeto', s.nonSubjectServices) : '') +
    nonZero('TotalMercanciasGravadas', s.taxedGoods) +
    nonZero('TotalMercanciasExentas', s.exemptGoods) +
    (all ? nonZero('TotalMercExonerada', s.exoneratedGoods) + nonZero('TotalMercNoSujeta', s.nonSubjectGoods) : '') +
    nonZero('TotalGravado', s.taxed) +
    nonZero('TotalExento', s.exempt) +
    (all ? nonZero('TotalExonerado', s.exonerated) + nonZero('TotalNoSujeto', s.nonSubject) : '')
  );
}

/** TotalDesgloseImpuesto, one per tax code and rate. */
function writeBreakdown(entries: readonly TaxBreakdown[]): string {
  checkMax('TotalDesgloseImpuesto', entries.length, 1000);
  let out = '';
  for (const entry of entries) {
    out += wrap(
      'TotalDesgloseImpuesto',
      text('Codigo', entry.code) + optText('CodigoTarifaIVA', entry.rateCode) + num('TotalMontoImpuesto', entry.amount),
    );
  }
  return out;
}

/**
 * MedioPago: TipoMedioPago is optional except on REP. TotalMedioPago must be greater than zero where it is
 * written (annex page 55) and is required only with several payments, so a lone payment of a document
 * whose total is zero (everything given away) leaves it out.
 */
function writePayments(payments: readonly Payment[], profile: SummaryProfile): string {
  if (payments.length < profile.minPayments) throw new XmlWriteError('MedioPago', 'at least one required');
  checkMax('MedioPago', payments.length, 4);
  let out = '';
  for (const payment of payments) {
    const method = profile.paymentMethodRequired ? text('TipoMedioPago', payment.method) : optText('TipoMedioPago', payment.method);
    const amount = payments.length === 1 && payment.amount.isZero() ? '' : num('TotalMedioPago', payment.amount);
    out += wrap('MedioPago', method + optText('MedioPagoOtros', payment.methodOther) + amount);
  }
  return out;
}

export function writeSummary(s: Summary, profile: SummaryProfile): string {
  if (profile.reduced) {
    return wrap(
      'ResumenFactura',
      writeCurrency(s) +
        num('TotalVenta', s.sales) +
        num('TotalVentaNeta', s.netSales) +
        writeBreakdown(s.taxBreakdown) +
        nonZero('TotalImpuesto', s.tax) +
        writePayments(s.payments, profile) +
        num('TotalComprobante', s.total),
    );
  }
  return wrap(
    'ResumenFactura',
    writeCurrency(s) +
      writeSplitTotals(s, profile) +
      num('TotalVenta', s.sales) +
      nonZero('TotalDescuentos', s.discounts) +
      num('TotalVentaNeta', s.netSales) +
      writeBreakdown(s.taxBreakdown) +
      nonZero('TotalImpuesto', s.tax) +
      nonZero('TotalImpAsumEmisorFabrica', s.assumedTax) +
      (profile.ivaReturned ? nonZero('TotalIVADevuelto', s.ivaReturned) : '') +
      nonZero('TotalOtrosCargos', s.otherCharges) +
      writePayments(s.payments, profile) +
      num('TotalComprobante', s.total),
  );
}
