/**
 * The fully computed document, ready to be written as v4.4 XML.
 *
 * `documents/` produces it (aliases resolved, rules checked, totals computed by `domain/totals`);
 * `xml/` writes it; the XML reader parses signed documents back into it. Every amount is a
 * decimal.js `Decimal` already rounded where the XSD fixes it; writers only format.
 * Spanish XML element names are given in comments.
 */
import type { Decimal } from 'decimal.js';

/** Comprobante types issued by the app (Nota 3). */
export type DocumentTypeCode = '01' | '02' | '03' | '04' | '08' | '09' | '10';

/** Identificacion */
export interface Identification {
  type: string; // Tipo: 01..06
  number: string; // Numero
}

/** Telefono */
export interface Phone {
  countryCode: string; // CodigoPais (≤ 3 digits)
  number: string; // NumTelefono (digits only)
}

/** Ubicacion */
export interface Location {
  province: string; // Provincia (1 digit)
  canton: string; // Canton (2 digits)
  district: string; // Distrito (2 digits)
  neighborhood?: string; // Barrio (free text 5–50)
  details: string; // OtrasSenas (5–250)
}

/** Emisor / Receptor */
export interface Party {
  name: string; // Nombre
  identification: Identification; // Identificacion
  fiscalRegistry8707?: string; // Registrofiscal8707
  commercialName?: string; // NombreComercial
  location?: Location; // Ubicacion
  foreignAddress?: string; // OtrasSenasExtranjero
  phone?: Phone; // Telefono
  emails: string[]; // CorreoElectronico (issuer 1..4, receiver 0..1)
}

/** CodigoComercial */
export interface CommercialCode {
  type: string; // Tipo: 01..04, 99
  code: string; // Codigo (≤ 20)
}

/** Descuento */
export interface Discount {
  amount: Decimal; // MontoDescuento
  code: string; // CodigoDescuento (Nota 20)
  codeOther?: string; // CodigoDescuentoOTRO (code 99)
  nature?: string; // NaturalezaDescuento
}

/** DatosImpuestoEspecifico (tax codes 03–06) */
export interface SpecificTaxData {
  unitQuantity: Decimal; // CantidadUnidadMedida
  percentage?: Decimal; // Porcentaje
  proportion?: Decimal; // Proporcion
  consumptionUnitVolume?: Decimal; // VolumenUnidadConsumo
  taxPerUnit: Decimal; // ImpuestoUnidad
}

/** Exoneracion */
export interface Exoneration {
  documentType: string; // TipoDocumentoEX1 (Nota 10.1)
  documentTypeOther?: string; // TipoDocumentoOTRO
  documentNumber: string; // NumeroDocumento
  article?: string; // Articulo
  inciso?: string; // Inciso
  institution: string; // NombreInstitucion (Nota 23 code)
  institutionOther?: string; // NombreInstitucionOtros
  issuedAt: string; // FechaEmisionEX, xs:dateTime text
  rate: Decimal; // TarifaExonerada (percentage points exonerated, 4,2)
  amount: Decimal; // MontoExoneracion
}

/** Impuesto */
export interface LineTax {
  code: string; // Codigo (Nota 8)
  codeOther?: string; // CodigoImpuestoOTRO
  rateCode?: string; // CodigoTarifaIVA (Nota 8.1)
  rate?: Decimal; // Tarifa (percentage, 4,2)
  ivaFactor?: Decimal; // FactorCalculoIVA (code 08)
  specific?: SpecificTaxData; // DatosImpuestoEspecifico
  amount: Decimal; // Monto
  exportAmount?: Decimal; // MontoExportacion (FEE, NC, ND)
  exoneration?: Exoneration; // Exoneracion
}

/** LineaDetalleSurtido: one component of a combo line */
export interface AssortmentLine {
  cabysCode: string; // CodigoCABYSSurtido
  commercialCodes: CommercialCode[]; // CodigoComercialSurtido
  quantity: Decimal; // CantidadSurtido
  unit: string; // UnidadMedidaSurtido
  commercialUnit?: string; // UnidadMedidaComercialSurtido
  description: string; // DetalleSurtido
  unitPrice: Decimal; // PrecioUnitarioSurtido
  amount: Decimal; // MontoTotalSurtido
  discounts: Discount[]; // DescuentoSurtido (nature not used)
  subtotal: Decimal; // SubTotalSurtido
  ivaChargedAtFactory?: string; // IVACobradoFabricaSurtido
  taxableBase: Decimal; // BaseImponibleSurtido
  taxes: Omit<LineTax, 'exoneration' | 'ivaFactor' | 'exportAmount'>[]; // ImpuestoSurtido
}

/** LineaDetalle */
export interface Line {
  number: number; // NumeroLinea
  tariffCode?: string; // PartidaArancelaria (FEE, NC, ND)
  cabysCode?: string; // CodigoCABYS (optional only on NC/ND)
  commercialCodes: CommercialCode[]; // CodigoComercial (0..5)
  quantity: Decimal; // Cantidad (16,3)
  unit: string; // UnidadMedida (case-sensitive)
  transactionType?: string; // TipoTransaccion (Nota 22)
  commercialUnit?: string; // UnidadMedidaComercial
  description: string; // Detalle
  serialNumbers: string[]; // NumeroVINoSerie
  medicationRegistry?: string; // RegistroMedicamento
  pharmaceuticalForm?: string; // FormaFarmaceutica
  assortment: AssortmentLine[]; // DetalleSurtido/LineaDetalleSurtido
  unitPrice: Decimal; // PrecioUnitario
  amount: Decimal; // MontoTotal = quantity × unit price
  discounts: Discount[]; // Descuento (0..5)
  subtotal: Decimal; // SubTotal = amount − discounts
  ivaChargedAtFactory?: string; // IVACobradoFabrica (01/02)
  taxableBase: Decimal; // BaseImponible
  taxes: LineTax[]; // Impuesto (REP: may be empty)
  assumedTax: Decimal; // ImpuestoAsumidoEmisorFabrica
  netTax: Decimal; // ImpuestoNeto = Σ tax − Σ exonerated − assumed
  total: Decimal; // MontoTotalLinea = subtotal + net tax
  isService: boolean; // decides the goods/services split of the summary (not written)
}

/** OtrosCargos */
export interface OtherCharge {
  type: string; // TipoDocumentoOC (Nota 16)
  typeOther?: string; // TipoDocumentoOTROS
  thirdParty?: Identification; // IdentificacionTercero
  thirdPartyName?: string; // NombreTercero
  detail: string; // Detalle
  percentage?: Decimal; // PorcentajeOC
  amount: Decimal; // MontoCargo
}

/** TotalDesgloseImpuesto */
export interface TaxBreakdown {
  code: string; // Codigo
  rateCode?: string; // CodigoTarifaIVA
  amount: Decimal; // TotalMontoImpuesto
}

/** MedioPago */
export interface Payment {
  method: string; // TipoMedioPago (Nota 6)
  methodOther?: string; // MedioPagoOtros
  amount: Decimal; // TotalMedioPago
}

/** ResumenFactura */
export interface Summary {
  currency: string; // CodigoTipoMoneda/CodigoMoneda
  exchangeRate: Decimal; // CodigoTipoMoneda/TipoCambio
  taxedServices: Decimal; // TotalServGravados
  exemptServices: Decimal; // TotalServExentos
  exoneratedServices: Decimal; // TotalServExonerado
  nonSubjectServices: Decimal; // TotalServNoSujeto
  taxedGoods: Decimal; // TotalMercanciasGravadas
  exemptGoods: Decimal; // TotalMercanciasExentas
  exoneratedGoods: Decimal; // TotalMercExonerada
  nonSubjectGoods: Decimal; // TotalMercNoSujeta
  taxed: Decimal; // TotalGravado
  exempt: Decimal; // TotalExento
  exonerated: Decimal; // TotalExonerado
  nonSubject: Decimal; // TotalNoSujeto
  sales: Decimal; // TotalVenta
  discounts: Decimal; // TotalDescuentos
  netSales: Decimal; // TotalVentaNeta
  taxBreakdown: TaxBreakdown[]; // TotalDesgloseImpuesto
  tax: Decimal; // TotalImpuesto
  assumedTax: Decimal; // TotalImpAsumEmisorFabrica
  ivaReturned: Decimal; // TotalIVADevuelto
  otherCharges: Decimal; // TotalOtrosCargos
  payments: Payment[]; // MedioPago (1..4)
  total: Decimal; // TotalComprobante
}

/** InformacionReferencia */
export interface Reference {
  documentType: string; // TipoDocIR (Nota 10)
  documentTypeOther?: string; // TipoDocRefOTRO
  number?: string; // Numero (clave or consecutive of the referenced document)
  issuedAt: string; // FechaEmisionIR, xs:dateTime text
  code?: string; // Codigo (Nota 9)
  codeOther?: string; // CodigoReferenciaOTRO
  reason?: string; // Razon
}

/** Otros/OtroTexto or Otros/OtroContenido (commercial use, not tax; 500 characters) */
export interface OtherText {
  kind?: 'text' | 'content'; // OtroTexto (default) or OtroContenido
  code?: string; // @codigo
  text: string;
}

/** A comprobante: FE, ND, NC, TE, FEC, FEE or REP. */
export interface DocumentModel {
  type: DocumentTypeCode;
  clave: string; // Clave
  providerSystemId: string; // ProveedorSistemas
  issuerActivityCode?: string; // CodigoActividadEmisor (6 chars)
  receiverActivityCode?: string; // CodigoActividadReceptor
  consecutive: string; // NumeroConsecutivo (20 digits)
  issuedAt: string; // FechaEmision, xs:dateTime text with offset (e.g. 2026-03-15T10:30:00-06:00)
  issuer: Party; // Emisor
  receiver?: Party; // Receptor
  saleCondition: string; // CondicionVenta
  saleConditionOther?: string; // CondicionVentaOtros
  creditTermDays?: number; // PlazoCredito
  lines: Line[]; // DetalleServicio
  otherCharges: OtherCharge[]; // OtrosCargos
  summary: Summary; // ResumenFactura
  references: Reference[]; // InformacionReferencia
  others: OtherText[]; // Otros
}

/** The document before it is numbered: numbering comes last, so a request that fails never takes a number. */
export type UnnumberedModel = Omit<DocumentModel, 'clave' | 'consecutive'>;

/** MensajeReceptor: the receiver's verdict on a supplier's document. */
export interface ReceiverMessageModel {
  clave: string; // Clave of the received document
  issuerId: string; // NumeroCedulaEmisor
  issuedAt: string; // FechaEmisionDoc, xs:dateTime text
  message: '1' | '2' | '3'; // Mensaje: accepted / partially accepted / rejected
  detail?: string; // DetalleMensaje (≤ 160)
  totalTax?: Decimal; // MontoTotalImpuesto
  activityCode?: string; // CodigoActividad
  taxCondition?: string; // CondicionImpuesto (Nota 18)
  totalTaxCredit?: Decimal; // MontoTotalImpuestoAcreditar
  totalApplicableExpense?: Decimal; // MontoTotalDeGastoAplicable
  total: Decimal; // TotalFactura
  receiverId: string; // NumeroCedulaReceptor
  receiverConsecutive: string; // NumeroConsecutivoReceptor (types 05/06/07)
}
