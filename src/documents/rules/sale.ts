/** Condiciones de la venta, plazo, moneda y medios de pago (annex pages 24–25, 50, 55; Notas 5 and 6). */
import { ALL_TYPES, allBut } from './rule.ts';
import { otherDescribed, requestRule } from './define.ts';


export const SALE_RULES = [
  requestRule({
    id: 'sale-condition-12-invoice-only', section: 'sale', element: 'CondicionVenta', types: allBut('01'), page: 24,
    quote: 'El código 12 de la nota 5, sobre "Venta de Mercancía No Nacionalizada", únicamente será permitido en el comprobante Factura Electrónica',
    paths: ['commercial_info.sale_condition'],
    message: { es: 'La condición de venta 12 (mercancía no nacionalizada) solo se admite en la factura electrónica.', en: 'Sale condition 12 (non-nationalised goods) is only allowed on an invoice.' },
    check: (f, report) => {
      if (f.req.commercial?.saleCondition === '12') report('commercial_info.sale_condition');
    },
  }),
  requestRule({
    id: 'sale-condition-payment-receipt', section: 'sale', element: 'CondicionVenta', types: ALL_TYPES, page: 24,
    quote: 'Los códigos, 09 y 11 … se utilizarán únicamente en Recibos Electrónicos de Pago. Estos serán los únicos códigos permitidos en dicho Comprobante Electrónico.',
    paths: ['commercial_info.sale_condition'],
    message: {
      es: 'Las condiciones de venta 09 y 11 (pagos) son exclusivas del recibo electrónico de pago, que solo admite esas dos.',
      en: 'Sale conditions 09 and 11 (payments) belong to the payment receipt only, which allows only those two.',
    },
    check: (f, report) => {
      const condition = f.req.commercial?.saleCondition;
      if (condition === undefined) return;
      if ((f.type === '10') !== (condition === '09' || condition === '11')) report('commercial_info.sale_condition');
    },
  }),
  requestRule({
    id: 'sale-condition-13-purchase-only', section: 'sale', element: 'CondicionVenta', types: allBut('08'), page: 69,
    quote: 'Ventas de bienes usados por parte un no contribuyente … Aplicará únicamente en factura electrónica de compra.',
    paths: ['commercial_info.sale_condition'],
    message: { es: 'La condición de venta 13 (bienes usados de un no contribuyente) solo se admite en la factura de compra.', en: 'Sale condition 13 (used goods from a non-taxpayer) is only allowed on a purchase invoice.' },
    check: (f, report) => {
      if (f.req.commercial?.saleCondition === '13') report('commercial_info.sale_condition');
    },
  }),
  otherDescribed({
    id: 'sale-condition-other-required', section: 'sale', element: 'CondicionVentaOtros', types: allBut('10'), page: 25,
    quote: 'Será obligatorio en caso de utilizar el código 99 de "Otros" de la nota 5.',
    paths: ['commercial_info.sale_condition_other'],
    what: { es: 'la condición de venta', en: 'the sale condition' },
    entries: (f) => [{ path: 'commercial_info.sale_condition_other', code: f.req.commercial?.saleCondition, description: f.req.commercial?.saleConditionOther }],
  }),
  requestRule({
    id: 'credit-terms-required', section: 'sale', element: 'PlazoCredito', types: allBut('10'), page: 25,
    quote: 'Este campo será de condición obligatoria, cuando la condición de la venta … sea código 02 … o código 10 … el mismo se debe de expresar en días.',
    paths: ['commercial_info.credit_terms'],
    message: { es: 'Una venta a crédito (condición 02 o 10) debe indicar el plazo del crédito en días.', en: 'A credit sale (condition 02 or 10) must give the credit term in days.' },
    check: (f, report) => {
      const c = f.req.commercial;
      if ((c?.saleCondition === '02' || c?.saleCondition === '10') && c.creditDays === undefined) report('commercial_info.credit_terms');
    },
  }),
  requestRule({
    id: 'exchange-rate-required', section: 'sale', element: 'CodigoTipoMoneda/TipoCambio', types: ALL_TYPES, page: 50,
    quote: 'TipoCambio … Campo obligatorio en todos los comprobantes … En caso de utilizar códigos de monedas, diferentes a los códigos CRC y USD se utilizará, el tipo de cambio respecto a colones.',
    paths: ['commercial_info.exchange_rate'],
    message: { es: 'El tipo de cambio respecto al colón es obligatorio cuando la moneda no es CRC.', en: 'The exchange rate to the colón is required when the currency is not CRC.' },
    check: (f, report) => {
      const c = f.req.commercial;
      if (c?.currency !== undefined && c.currency !== 'CRC' && c.exchangeRate === undefined) report('commercial_info.exchange_rate');
    },
  }),
  requestRule({
    id: 'exchange-rate-colones', section: 'sale', element: 'CodigoTipoMoneda/TipoCambio', types: ALL_TYPES, page: 50,
    quote: 'En caso de que en el campo "Código de la moneda" se utilicen colones (CRC) se verificará que el valor del campo sea "1".',
    paths: ['commercial_info.exchange_rate'],
    message: { es: 'Con moneda CRC el tipo de cambio debe ser 1.', en: 'With currency CRC the exchange rate must be 1.' },
    check: (f, report) => {
      const c = f.req.commercial;
      if (c?.currency === 'CRC' && c.exchangeRate !== undefined && !c.exchangeRate.equals(1)) report('commercial_info.exchange_rate');
    },
  }),
  otherDescribed({
    id: 'payment-method-other-required', section: 'sale', element: 'MedioPago/MedioPagoOtros', types: ALL_TYPES, page: 55,
    quote: 'Será obligatorio en caso de utilizar el código 99 de "Otros" de la nota 6.',
    paths: ['commercial_info.payment_method_other', 'commercial_info.payment_method.N.other'],
    what: { es: 'el medio de pago', en: 'the payment method' },
    entries: (f) => (f.req.commercial?.payments ?? []).map((p) => ({
      path: p.path === 'commercial_info.payment_method' ? 'commercial_info.payment_method_other' : `${p.path}.other`, code: p.method, description: p.methodOther,
    })),
  }),
];
