/**
 * The annex's format validations of single fields ("Deberá contener mínimo 5 caracteres y un máximo de
 * 100", "un valor mayor a cero"). The request readers read each field with the limits named here, so every
 * limit lives once, with its page.
 */
import type { FormatRule } from './rule.ts';
import { MONEY } from '../request/field-reader.ts';
import { ALL_TYPES, allBut } from './rule.ts';


/** A format entry, keeping the literal types of its limits (readers read them without checks). */
export function format<R extends Omit<FormatRule, 'kind'>>(rule: R): R & { kind: 'format' } {
  return { kind: 'format', ...rule };
}

export const FORMATS = {
  clave: format({
    id: 'clave-format', section: 'header', element: 'Clave', types: ALL_TYPES, page: 18,
    quote: 'Es un campo fijo de cincuenta posiciones … (revisión 2026: números y letras)', paths: ['document.clave'],
    text: { pattern: /^[0-9A-Z]{50}$/, format: '50 dígitos o letras mayúsculas' },
  }),
  consecutive: format({
    id: 'consecutive-number-format', section: 'header', element: 'NumeroConsecutivo', types: ALL_TYPES, page: 19,
    quote: 'Es un campo fijo de veinte posiciones. Solo permite ingresar números.', paths: ['document.consecutive_number'],
    text: { pattern: /^\d{20}$/, format: '20 dígitos' },
  }),
  issueDate: format({
    id: 'issue-date-format', section: 'header', element: 'FechaEmision', types: ALL_TYPES, page: 19,
    quote: 'Tipo de dato de fecha y hora, basado en el estándar RFC3339 sección 5.6 … Formato: YYYY-MM-DDThh:mi:ss[Z|(+|-)hh:mm]', paths: ['document.date'],
    text: { required: true },
  }),
  email: format({
    id: 'email-format', section: 'parties', element: 'Emisor|Receptor/CorreoElectronico', types: ALL_TYPES, page: 22,
    quote: 'Dirección del correo electrónico … String 160 … Deberá Cumplir con el formato indicado, caso contrario se rechazará el comprobante.',
    paths: ['issuer.email', 'receiver.email'], text: { max: 160, pattern: /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, format: 'correo electrónico' },
  }),
  phoneCountryCode: format({
    id: 'phone-country-code-format', section: 'parties', element: 'Telefono/CodigoPais', types: allBut('10'), page: 22,
    quote: 'Deberá contener mínimo 1 dígito y un máximo de 3.', paths: ['issuer.phone.country_code', 'receiver.phone.country_code'], text: { pattern: /^\+?\d{1,3}$/, format: '1-3 dígitos' },
  }),
  phoneNumber: format({
    id: 'phone-number-format', section: 'parties', element: 'Telefono/NumTelefono', types: allBut('10'), page: 22,
    quote: 'Deberá contener mínimo 8 dígitos y un máximo de 20.', paths: ['issuer.phone', 'receiver.phone.number'], text: { pattern: /^[1-9]\d{7,19}$/, format: '8-20 dígitos' },
  }),
  lineNumber: format({
    id: 'line-number-range', section: 'lines', element: 'LineaDetalle/NumeroLinea', types: ALL_TYPES, page: 26,
    quote: 'Número de la línea … De 1 a 1000', paths: ['items.N.line_number'], decimal: { min: 1, max: 1000 },
  }),
  cabys: format({
    id: 'cabys-code-exists', section: 'lines', element: 'LineaDetalle/CodigoCABYS|CodigoCABYSSurtido', types: allBut('10'), page: 26,
    quote: 'Ver nota 17. … Se Verificará que el código sea válido en el catálogo vigente publicado en el sitio web del BCCR', paths: ['items.N.cabys_code', 'items.N.surtido_items.N.cabys_code'],
    text: { pattern: /^\d{13}$/, format: '13 dígitos' },
  }),
  tariffCode: format({
    id: 'tariff-code-format', section: 'lines', element: 'LineaDetalle/PartidaArancelaria', types: ['02', '03', '09'], page: 26,
    quote: 'Deberá incluir al menos 12 dígitos', paths: ['items.N.tariff_code'], text: { pattern: /^\d{12}$/, format: '12 dígitos' },
  }),
  activityCode: format({
    id: 'activity-code-format', section: 'header', element: 'CodigoActividadEmisor|CodigoActividadReceptor', types: allBut('10'), page: 18,
    quote: 'Código de la Actividad Económica … String 6', paths: ['document.activity_code', 'receiver.activity_code'],
    text: { pattern: /^(\d{6}|\d{4}\.\d)$/, format: '6 dígitos, o la forma con punto NNNN.N' },
  }),
  issuerName: format({
    id: 'issuer-name-length', section: 'parties', element: 'Emisor/Nombre', types: ALL_TYPES, page: 19,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 100.', paths: ['issuer.name'], text: { required: true, min: 5, max: 100 },
  }),
  receiverName: format({
    id: 'receiver-name-length', section: 'parties', element: 'Receptor/Nombre', types: ALL_TYPES, page: 21,
    quote: 'Deberá contener mínimo 3 caracteres y un máximo de 100.', paths: ['receiver.name'], text: { required: true, min: 3, max: 100 },
  }),
  commercialName: format({
    id: 'commercial-name-length', section: 'parties', element: 'Emisor|Receptor/NombreComercial', types: allBut('10'), page: 21,
    quote: 'Deberá contener mínimo 3 caracteres y un máximo de 80.', paths: ['issuer.commercial_name', 'receiver.commercial_name'], text: { min: 3, max: 80 },
  }),
  neighborhood: format({
    id: 'neighborhood-length', section: 'parties', element: 'Ubicacion/Barrio', types: allBut('10'), page: 21,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 50', paths: ['issuer.address.neighborhood', 'receiver.address.neighborhood'], text: { min: 5, max: 50 },
  }),
  issuerOtherSigns: format({
    id: 'issuer-other-signs-length', section: 'parties', element: 'Emisor/Ubicacion/OtrasSenas', types: allBut('10'), page: 21,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 250', paths: ['issuer.address.details'], text: { required: true, min: 5, max: 250 },
  }),
  receiverOtherSigns: format({
    id: 'receiver-other-signs-length', section: 'parties', element: 'Receptor/Ubicacion/OtrasSenas', types: allBut('09', '10'), page: 24,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 160.', paths: ['receiver.address.details'], text: { required: true, min: 5, max: 160 },
  }),
  foreignAddress: format({
    id: 'foreign-address-length', section: 'parties', element: 'Emisor|Receptor/OtrasSenasExtranjero', types: allBut('10'), page: 22,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 300', paths: ['issuer.foreign_address', 'receiver.foreign_address'], text: { min: 5, max: 300 },
  }),
  fiscalRegistry: format({
    id: 'fiscal-registry-8707-digits', section: 'parties', element: 'Emisor/Registrofiscal8707', types: allBut('10'), page: 20,
    quote: 'Se permite como máximo 12 dígitos.', paths: ['issuer.fiscal_registry_8707'], text: { pattern: /^\d{1,12}$/, format: '1-12 dígitos' },
  }),
  saleConditionOther: format({
    id: 'sale-condition-other-length', section: 'sale', element: 'CondicionVentaOtros', types: allBut('10'), page: 25,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 100.', paths: ['commercial_info.sale_condition_other'], text: { min: 5, max: 100 },
  }),
  creditTerms: format({
    id: 'credit-terms-positive', section: 'sale', element: 'PlazoCredito', types: allBut('10'), page: 25,
    quote: 'mínimo 1 número entero y un máximo de 5. Se deberá incluir un valor mayor a "cero".', paths: ['commercial_info.credit_terms'],
    decimal: { min: 1, max: 99999 },
  }),
  paymentMethodOther: format({
    id: 'payment-method-other-length', section: 'summary', element: 'MedioPago/MedioPagoOtros', types: ALL_TYPES, page: 55,
    quote: 'Deberá contener mínimo 3 caracteres y un máximo de 100', paths: ['commercial_info.payment_method_other', 'commercial_info.payment_method.N.other'], text: { min: 3, max: 100 },
  }),
  paymentAmount: format({
    id: 'payment-amount-positive', section: 'summary', element: 'MedioPago/TotalMedioPago', types: ALL_TYPES, page: 55,
    quote: 'Se deberá incluir un valor mayor a "cero".', paths: ['commercial_info.payment_method.N.amount'], decimal: { positive: true, ...MONEY },
  }),
  quantity: format({
    id: 'quantity-positive', section: 'lines', element: 'LineaDetalle/Cantidad', types: allBut('10'), page: 27,
    quote: 'Es un número decimal compuesto por 13 enteros y 3 decimales. Se deberá incluir un valor mayor a "cero".',
    paths: ['items.N.quantity'], decimal: { required: true, positive: true, maxDecimals: 3, max: '9999999999999.999' },
  }),
  description: format({
    id: 'line-detail-length', section: 'lines', element: 'LineaDetalle/Detalle', types: ALL_TYPES, page: 28,
    quote: 'Deberá contener mínimo 3 caracteres y un máximo de 200.', paths: ['items.N.description'], text: { required: true, min: 3, max: 200 },
  }),
  commercialUnit: format({
    id: 'commercial-unit-length', section: 'lines', element: 'LineaDetalle/UnidadMedidaComercial', types: allBut('10'), page: 28,
    quote: 'UnidadMedidaComercial String 20', paths: ['items.N.commercial_unit'], text: { max: 20 },
  }),
  serialNumber: format({
    id: 'serial-number-length', section: 'lines', element: 'LineaDetalle/NumeroVINoSerie', types: allBut('10'), page: 28,
    quote: 'Número de VIN o Serie del medio de transporte String 17', paths: ['items.N.serial_numbers.N'], text: { max: 17 },
  }),
  medicationRegistry: format({
    id: 'medication-registry-length', section: 'lines', element: 'LineaDetalle/RegistroMedicamento', types: allBut('10'), page: 28,
    quote: 'Registro de medicamento String 100', paths: ['items.N.medication_registry'], text: { max: 100 },
  }),
  commercialCode: format({
    id: 'commercial-code-length', section: 'lines', element: 'CodigoComercial/Codigo', types: allBut('10'), page: 27,
    quote: 'Código String 20', paths: ['items.N.commercial_codes.N.code', 'items.N.surtido_items.N.commercial_codes.N.code'], text: { required: true, max: 20 },
  }),
  unitPrice: format({
    id: 'unit-price-positive', section: 'lines', element: 'LineaDetalle/PrecioUnitario', types: ALL_TYPES, page: 35,
    quote: 'Se deberá incluir un valor mayor a "cero". Caso contrario se rechazará el comprobante.',
    paths: ['items.N.price'], decimal: { positive: true, ...MONEY },
  }),
  discountAmount: format({
    id: 'discount-amount-range', section: 'lines', element: 'Descuento/MontoDescuento', types: allBut('10'), page: 35,
    quote: 'Es un número decimal compuesto por 13 enteros y 5 decimales.', paths: ['items.N.discount.N.amount', 'items.N.surtido_items.N.discount.N.amount'],
    decimal: { required: true, ...MONEY },
  }),
  discountOther: format({
    id: 'discount-other-length', section: 'lines', element: 'Descuento/CodigoDescuentoOTRO', types: allBut('10'), page: 35,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 100.', paths: ['items.N.discount.N.other_code'], text: { min: 5, max: 100 },
  }),
  discountNature: format({
    id: 'discount-nature-length', section: 'lines', element: 'Descuento/NaturalezaDescuento', types: allBut('10'), page: 36,
    quote: 'deberá contener mínimo 3 caracteres y un máximo de 80.', paths: ['items.N.discount.N.reason'], text: { min: 3, max: 80 },
  }),
  taxOther: format({
    id: 'tax-other-length', section: 'taxes', element: 'Impuesto/CodigoImpuestoOTRO', types: ALL_TYPES, page: 37,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 100.', paths: ['items.N.tax.N.type_other', 'items.N.surtido_items.N.tax.N.type_other'], text: { min: 5, max: 100 },
  }),
  taxRate: format({
    id: 'tax-rate-format', section: 'taxes', element: 'Impuesto/Tarifa', types: ALL_TYPES, page: 38,
    quote: 'Tarifa Decimal 4,2 … Debe de expresarse el porcentaje como número entero (… 13 …, 0.5)', paths: ['items.N.tax.N.rate'],
    decimal: { min: 0, max: '99.99', maxDecimals: 2 },
  }),
  ivaFactor: format({
    id: 'iva-factor-format', section: 'taxes', element: 'Impuesto/FactorCalculoIVA', types: ALL_TYPES, page: 39,
    quote: 'Factor para Calculo IVA Decimal 5,4 … Debe expresarse en formato decimal.', paths: ['items.N.tax.N.iva_factor'],
    decimal: { positive: true, max: '9.9999', maxDecimals: 4 },
  }),
  specificUnitQuantity: format({
    id: 'specific-unit-quantity-format', section: 'taxes', element: 'DatosImpuestoEspecifico/CantidadUnidadMedida', types: allBut('09', '08', '10'), page: 39,
    quote: 'Cantidad de la unidad de medida a utilizar Decimal 7,2', paths: ['items.N.tax.N.specific.unit_quantity'],
    decimal: { required: true, positive: true, max: '99999.99', maxDecimals: 2 },
  }),
  specificPercentage: format({
    id: 'specific-percentage-format', section: 'taxes', element: 'DatosImpuestoEspecifico/Porcentaje', types: allBut('09', '08', '10'), page: 40,
    quote: 'Porcentaje Decimal 4,2 … como número entero (… 13 …)', paths: ['items.N.tax.N.specific.percentage'], decimal: { positive: true, max: '99.99', maxDecimals: 2 },
  }),
  specificVolume: format({
    id: 'specific-volume-format', section: 'taxes', element: 'DatosImpuestoEspecifico/VolumenUnidadConsumo', types: allBut('09', '08', '10'), page: 41,
    quote: 'Volumen por Unidad de Consumo Decimal 7,2', paths: ['items.N.tax.N.specific.consumption_unit_volume'], decimal: { positive: true, max: '99999.99', maxDecimals: 2 },
  }),
  specificTaxPerUnit: format({
    id: 'specific-tax-per-unit-format', section: 'taxes', element: 'DatosImpuestoEspecifico/ImpuestoUnidad', types: allBut('09', '08', '10'), page: 41,
    quote: 'Impuesto por Unidad Decimal 18,5', paths: ['items.N.tax.N.specific.tax_per_unit'], decimal: { required: true, positive: true, ...MONEY },
  }),
  exonerationTypeOther: format({
    id: 'exoneration-type-other-length', section: 'exonerations', element: 'Exoneracion/TipoDocumentoOTRO', types: allBut('09', '10'), page: 44,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 100.', paths: ['items.N.exoneration.type_other'], text: { min: 5, max: 100 },
  }),
  exonerationNumber: format({
    id: 'exoneration-number-length', section: 'exonerations', element: 'Exoneracion/NumeroDocumento', types: allBut('09', '10'), page: 44,
    quote: 'Deberá contener mínimo 3 caracteres y un máximo de 40.', paths: ['items.N.exoneration.document_number'], text: { required: true, min: 3, max: 40 },
  }),
  exonerationArticle: format({
    id: 'exoneration-article-format', section: 'exonerations', element: 'Exoneracion/Articulo|Inciso', types: allBut('09', '10'), page: 45,
    quote: 'Número de artículo … Integer 6; Número de inciso … Integer 6', paths: ['items.N.exoneration.article', 'items.N.exoneration.inciso'],
    decimal: { min: 0, max: 999999 },
  }),
  exonerationInstitutionOther: format({
    id: 'exoneration-institution-other-length', section: 'exonerations', element: 'Exoneracion/NombreInstitucionOtros', types: allBut('09', '10'), page: 45,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 160.', paths: ['items.N.exoneration.institution_name'], text: { min: 5, max: 160 },
  }),
  exoneratedRate: format({
    id: 'exonerated-rate-format', section: 'exonerations', element: 'Exoneracion/TarifaExonerada', types: allBut('09', '10'), page: 45,
    quote: 'Tarifa exonerada Decimal 4,2 … Debe de expresarse el porcentaje como número entero', paths: ['items.N.exoneration.percentage'],
    decimal: { min: 0, max: '99.99', maxDecimals: 2 },
  }),
  chargeTypeOther: format({
    id: 'other-charge-type-other-length', section: 'other-charges', element: 'OtrosCargos/TipoDocumentoOTROS', types: allBut('10'), page: 47,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 100.', paths: ['other_charges.N.type_other'], text: { min: 5, max: 100 },
  }),
  chargeThirdPartyName: format({
    id: 'other-charge-third-party-name-length', section: 'other-charges', element: 'OtrosCargos/NombreTercero', types: allBut('10'), page: 48,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 100', paths: ['other_charges.N.name'], text: { min: 5, max: 100 },
  }),
  chargeDetail: format({
    id: 'other-charge-detail-length', section: 'other-charges', element: 'OtrosCargos/Detalle', types: allBut('10'), page: 48,
    quote: 'Detalle otros cargos String 160', paths: ['other_charges.N.detail'], text: { max: 160 },
  }),
  chargePercentage: format({
    id: 'other-charge-percentage-format', section: 'other-charges', element: 'OtrosCargos/PorcentajeOC', types: allBut('10'), page: 48,
    quote: 'Porcentaje otros cargos Decimal 9,5', paths: ['other_charges.N.percentage'], decimal: { min: 0, max: '9999.99999', maxDecimals: 5 },
  }),
  chargeAmount: format({
    id: 'other-charge-amount-positive', section: 'other-charges', element: 'OtrosCargos/MontoCargo', types: allBut('10'), page: 49,
    quote: 'Deberá de contener un valor mayor a "cero". Caso contrario se rechazará el comprobante.', paths: ['other_charges.N.amount'],
    decimal: { required: true, positive: true, ...MONEY },
  }),
  referenceTypeOther: format({
    id: 'reference-type-other-length', section: 'references', element: 'InformacionReferencia/TipoDocRefOTRO', types: ALL_TYPES, page: 56,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 100.', paths: ['reference.N.type_other'], text: { min: 5, max: 100 },
  }),
  referenceNumber: format({
    id: 'reference-number-length', section: 'references', element: 'InformacionReferencia/Numero', types: ALL_TYPES, page: 57,
    quote: 'Clave numérica del comprobante electrónico o consecutivo del documento de referencia. String 50', paths: ['reference.N.number'], text: { max: 50 },
  }),
  referenceCodeOther: format({
    id: 'reference-code-other-length', section: 'references', element: 'InformacionReferencia/CodigoReferenciaOTRO', types: ALL_TYPES, page: 57,
    quote: 'Deberá contener mínimo 5 caracteres y un máximo de 100.', paths: ['reference.N.code_other_description'], text: { min: 5, max: 100 },
  }),
  referenceReason: format({
    id: 'reference-reason-length', section: 'references', element: 'InformacionReferencia/Razon', types: ALL_TYPES, page: 57,
    quote: 'Deberá contener mínimo 3 caracteres y un máximo de 180.', paths: ['reference.N.reason'], text: { min: 3, max: 180 },
  }),
  otherText: format({
    id: 'other-text-length', section: 'others', element: 'Otros/OtroTexto|OtroContenido', types: allBut('10'), page: 58,
    quote: 'Elemento opcional que se puede utilizar para almacenar texto … String 500', paths: ['others.N.text', 'others.N.content'], text: { max: 500 },
  }),
  componentDescription: format({
    id: 'component-detail-length', section: 'combos', element: 'LineaDetalleSurtido/DetalleSurtido', types: allBut('08', '10'), page: 29,
    quote: 'Deberá contener mínimo 3 caracteres y un máximo de 200.', paths: ['items.N.surtido_items.N.description'], text: { required: true, min: 3, max: 200 },
  }),
  componentQuantity: format({
    id: 'component-quantity-positive', section: 'combos', element: 'LineaDetalleSurtido/CantidadSurtido', types: allBut('08', '10'), page: 30,
    quote: 'Se deberá incluir un valor mayor a "cero".', paths: ['items.N.surtido_items.N.quantity'], decimal: { required: true, positive: true, maxDecimals: 3, max: '9999999999999.999' },
  }),
  componentUnitPrice: format({
    id: 'component-unit-price-positive', section: 'combos', element: 'LineaDetalleSurtido/PrecioUnitarioSurtido', types: allBut('08', '10'), page: 30,
    quote: 'Se deberá incluir un valor mayor a "cero".', paths: ['items.N.surtido_items.N.price'], decimal: { required: true, positive: true, ...MONEY },
  }),
  componentCommercialUnit: format({
    id: 'component-commercial-unit-length', section: 'combos', element: 'LineaDetalleSurtido/UnidadMedidaComercialSurtido', types: allBut('08', '10'), page: 30,
    quote: 'Unidad de Medida Comercial componente de surtido String 20', paths: ['items.N.surtido_items.N.commercial_unit'], text: { max: 20 },
  }),
  componentDiscountOther: format({
    id: 'component-discount-other-length', section: 'combos', element: 'DescuentoSurtido/DescuentoSurtidoOtros', types: allBut('08', '10'), page: 31,
    quote: 'deberá contener mínimo 3 caracteres y un máximo de 80.', paths: ['items.N.surtido_items.N.discount.N.other_code'], text: { min: 3, max: 80 },
  }),
} as const satisfies Record<string, FormatRule>;
