/**
 * The annex's code tables (its Notas, pages 64–82): "Cuando en un campo de la estructura hace referencia a una
 * 'Nota' … se debe de validar los códigos de esta nota" (page 17). The readers take each field's codes from
 * the table named here, cut to the document type's list in the XSD in force (request/code-lists.ts).
 */
import {
  commercialCodeTypes,
  currencies,
  discountCodes,
  exonerationDocumentTypes,
  exonerationInstitutions,
  identificationTypes,
  ivaChargedAtFactory,
  ivaRateCodes,
  otherChargeTypes,
  paymentMethods,
  referenceCodes,
  referencedDocumentTypes,
  saleConditions,
  taxCodes,
  transactionTypes,
  units,
  type CodeTable,
} from '../../domain/codes.ts';
import type { FormatRule } from './rule.ts';
import { ALL_TYPES, allBut } from './rule.ts';

export interface NoteRule extends FormatRule {
  codes: CodeTable;
}

function note(rule: Omit<NoteRule, 'kind' | 'section'> & { section?: FormatRule['section'] }): NoteRule {
  return { kind: 'format', section: 'header', ...rule };
}

export const NOTES = {
  identificationType: note({ id: 'note-4-identification-type', section: 'parties', element: 'Identificacion/Tipo', types: ALL_TYPES, page: 68, quote: 'Nota 4/ El formato para el tipo de identificación es el siguiente: 01 … 06', paths: ['issuer.type', 'receiver.type'], codes: identificationTypes }),
  saleCondition: note({ id: 'note-5-sale-condition', section: 'sale', element: 'CondicionVenta', types: ALL_TYPES, page: 69, quote: 'Nota 5/ En las Condiciones de la venta, se debe utilizar la siguiente codificación', paths: ['commercial_info.sale_condition'], codes: saleConditions }),
  paymentMethod: note({ id: 'note-6-payment-method', section: 'sale', element: 'MedioPago/TipoMedioPago', types: ALL_TYPES, page: 70, quote: 'Nota 6/ En los medios de pago, se debe de utilizar la siguiente codificación', paths: ['commercial_info.payment_method'], codes: paymentMethods }),
  taxCode: note({ id: 'note-8-tax-code', section: 'taxes', element: 'Impuesto/Codigo', types: ALL_TYPES, page: 70, quote: 'Nota 8/ El desglose de los Códigos de los impuestos son los siguientes', paths: ['items.N.tax.N.type'], codes: taxCodes }),
  ivaRateCode: note({ id: 'note-8-1-iva-rate-code', section: 'taxes', element: 'Impuesto/CodigoTarifaIVA', types: ALL_TYPES, page: 71, quote: 'Nota 8.1/ Cuando se trata del IVA las tarifas y códigos a utilizar son las siguientes', paths: ['items.N.tax.N.rate_code'], codes: ivaRateCodes }),
  referenceCode: note({ id: 'note-9-reference-code', section: 'references', element: 'InformacionReferencia/Codigo', types: ALL_TYPES, page: 72, quote: 'Nota 9/ Los códigos de referencia a utilizar son (13–17: revisión 2026)', paths: ['reference.N.code'], codes: referenceCodes }),
  referencedDocumentType: note({ id: 'note-10-referenced-document-type', section: 'references', element: 'InformacionReferencia/TipoDocIR', types: ALL_TYPES, page: 73, quote: 'Nota 10/ La codificación a utilizar en el campo "Tipo de documento de referencia" (19–20: revisión 2026)', paths: ['reference.N.document_type'], codes: referencedDocumentTypes }),
  exonerationDocumentType: note({ id: 'note-10-1-exoneration-type', section: 'exonerations', element: 'Exoneracion/TipoDocumentoEX1', types: allBut('09', '10'), page: 74, quote: 'Nota 10.1/ La codificación a utilizar en el campo "Tipo de documento de autorización o exoneración"', paths: ['items.N.exoneration.document_type'], codes: exonerationDocumentTypes }),
  commercialCodeType: note({ id: 'note-12-commercial-code-type', section: 'lines', element: 'CodigoComercial/Tipo', types: allBut('10'), page: 75, quote: 'Nota 12/ La codificación a utilizar en el campo "Tipo de Código de producto/servicio"', paths: ['items.N.commercial_codes.N.type'], codes: commercialCodeTypes }),
  currency: note({ id: 'note-13-currency', section: 'sale', element: 'CodigoTipoMoneda/CodigoMoneda', types: ALL_TYPES, page: 75, quote: 'Nota 13.1/ El Código a utilizar en el nodo "Código y Tipo de Moneda" … "Codigodemoneda_V4.4"', paths: ['commercial_info.currency'], codes: currencies }),
  unit: note({ id: 'note-15-unit', section: 'lines', element: 'LineaDetalle/UnidadMedida', types: allBut('10'), page: 76, quote: 'Nota 15/ La codificación a utilizar en el campo "Unidad de medida" es la siguiente', paths: ['items.N.unit', 'items.N.surtido_items.N.unit'], codes: units }),
  otherChargeType: note({ id: 'note-16-other-charge-type', section: 'other-charges', element: 'OtrosCargos/TipoDocumentoOC', types: allBut('10'), page: 79, quote: 'Nota 16/ La codificación a utilizar en el campo "Tipo de documento"', paths: ['other_charges.N.document_type'], codes: otherChargeTypes }),
  discountCode: note({ id: 'note-20-discount-code', section: 'lines', element: 'Descuento/CodigoDescuento', types: allBut('10'), page: 80, quote: 'Nota 20 / Los tipos de descuentos a utilizar en el campo "Código del Descuento"', paths: ['items.N.discount.N.code'], codes: discountCodes }),
  ivaChargedAtFactory: note({ id: 'note-21-factory-vat', section: 'lines', element: 'LineaDetalle/IVACobradoFabrica', types: allBut('08', '09', '10'), page: 81, quote: 'Nota 21/ La condición del IVA cobrado a nivel de fábrica a utilizar es la siguiente', paths: ['items.N.iva_charged_at_factory'], codes: ivaChargedAtFactory }),
  transactionType: note({ id: 'note-22-transaction-type', section: 'lines', element: 'LineaDetalle/TipoTransaccion', types: allBut('04', '10'), page: 81, quote: 'Nota 22/ La codificación a utilizar en el campo "Tipo de Transacción"', paths: ['items.N.transaction_type'], codes: transactionTypes }),
  exonerationInstitution: note({ id: 'note-23-institution', section: 'exonerations', element: 'Exoneracion/NombreInstitucion', types: allBut('09', '10'), page: 82, quote: 'Nota 23/ La codificación a utilizar en el campo "Nombre de la Institución o dependencia que emitió la exoneración"', paths: ['items.N.exoneration.institution'], codes: exonerationInstitutions }),
} as const satisfies Record<string, NoteRule>;
