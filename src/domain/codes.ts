/**
 * Meaning on top of the generated code tables (codes.generated.ts, read from the XSDs): IVA rates,
 * service units, document types and the names the API accepts instead of codes.
 * Pure data and lookups; imports nothing but the generated tables.
 */
import type { CodeTable, XsdDocument } from './codes.generated.ts';

export * from './codes.generated.ts';

/**
 * IVA rate (percent, decimal string for decimal.js) per CodigoTarifaIVA (Nota 8.1).
 * 10 Tarifa Exenta and 11 "0 % sin derecho a crédito" both charge nothing; they differ in tax credit only.
 */
export const IVA_RATES: Readonly<Record<string, string>> = {
  '01': '0',
  '02': '1',
  '03': '2',
  '04': '4',
  '05': '0',
  '06': '4',
  '07': '8',
  '08': '13',
  '09': '0.5',
  '10': '0',
  '11': '0',
};

/** Transitional rates (Nota 8.1): allowed only on credit and debit notes (NC/ND) correcting older sales. */
export const TRANSITIONAL_RATE_CODES = ['05', '06', '07'] as const;

/** English display name per CodigoTarifaIVA (wording of the API spec's tax rate code table). */
export const IVA_RATE_NAMES_EN: Readonly<Record<string, string>> = {
  '01': '0%',
  '02': '1%',
  '03': '2%',
  '04': '4%',
  '05': 'transitional 0%',
  '06': 'transitional 4%',
  '07': 'transitional 8%',
  '08': 'general 13%',
  '09': 'reduced 0.5%',
  '10': 'exempt',
  '11': '0% without credit right',
};

/**
 * Units of measure (UnidadMedida, Nota 15) that denote a service rather than goods: Sp servicios
 * profesionales, Spe servicios personales, St servicios técnicos, Os otro tipo de servicio, Al/Alc alquiler
 * habitacional/comercial, Cm comisiones, I intereses. Case-sensitive like the XSD (`Cm` ≠ `cm`).
 */
export const SERVICE_UNITS: ReadonlySet<string> = new Set(['Sp', 'Spe', 'St', 'Os', 'Al', 'Alc', 'Cm', 'I']);

export function isServiceUnit(unit: string): boolean {
  return SERVICE_UNITS.has(unit);
}

/**
 * Units that measure time or are unspecified (h hora, Min / ´ minuto, ´´ segundo, D día, Otros): a service
 * billed by the hour and goods rented by the day both use them, so they bind neither kind of CABYS code.
 */
export const EITHER_KIND_UNITS: ReadonlySet<string> = new Set(['h', 'Min', '´', '´´', 'D', 'Otros']);

/** Whether a unit needs a service CABYS code (5–9), a goods code (0–4), or either. */
export function unitKind(unit: string): 'service' | 'goods' | 'either' {
  if (SERVICE_UNITS.has(unit)) return 'service';
  return EITHER_KIND_UNITS.has(unit) ? 'either' : 'goods';
}

/** Whether a CABYS code is of a service: its first digit is 5 to 9 (0 to 4: goods). */
export function isServiceCabys(cabys: string): boolean {
  return cabys.charCodeAt(0) >= 53;
}

/**
 * How a unit and a CABYS code disagree, if they do: a service unit with a goods code needs a service code,
 * a goods unit with a service code needs a goods code (documents and saved products check the same rule).
 */
export function unitCabysMismatch(unit: string | undefined, cabys: string): 'needs_service' | 'needs_goods' | undefined {
  const kind = unit === undefined ? 'either' : unitKind(unit);
  const service = isServiceCabys(cabys);
  if (kind === 'service' && !service) return 'needs_service';
  if (kind === 'goods' && service) return 'needs_goods';
  return undefined;
}

/** What a document type code (Nota 3, positions 9–10 of NumeroConsecutivo) stands for. */
export interface DocumentTypeInfo {
  readonly root: XsdDocument;
  /** Default namespace of the root element. */
  readonly namespace: string;
  /** File name in resources/xsd/v4.4/ (and v4.4-2026-rev/). */
  readonly xsdFile: string;
  readonly nameEs: string;
  readonly nameEn: string;
  /** Receiver-message types 05–07 only: the MensajeReceptor/Mensaje value that goes with the code. */
  readonly message?: '1' | '2' | '3';
}

const NAMESPACE_BASE = 'https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/';

function documentType(root: XsdDocument, nameEs: string, nameEn: string, message?: '1' | '2' | '3'): DocumentTypeInfo {
  const namespace = NAMESPACE_BASE + root.charAt(0).toLowerCase() + root.slice(1);
  return { root, namespace, xsdFile: `${root}_V4.4.xsd`, nameEs, nameEn, ...(message ? { message } : {}) };
}

export const DOCUMENT_TYPES = {
  '01': documentType('FacturaElectronica', 'Factura electrónica', 'Electronic invoice'),
  '02': documentType('NotaDebitoElectronica', 'Nota de débito electrónica', 'Electronic debit note'),
  '03': documentType('NotaCreditoElectronica', 'Nota de crédito electrónica', 'Electronic credit note'),
  '04': documentType('TiqueteElectronico', 'Tiquete electrónico', 'Electronic ticket'),
  '05': documentType(
    'MensajeReceptor',
    'Confirmación de aceptación del comprobante electrónico',
    'Acceptance confirmation',
    '1',
  ),
  '06': documentType(
    'MensajeReceptor',
    'Confirmación de aceptación parcial del comprobante electrónico',
    'Partial acceptance confirmation',
    '2',
  ),
  '07': documentType('MensajeReceptor', 'Confirmación de rechazo del comprobante electrónico', 'Rejection confirmation', '3'),
  '08': documentType('FacturaElectronicaCompra', 'Factura electrónica de compras', 'Electronic purchase invoice'),
  '09': documentType('FacturaElectronicaExportacion', 'Factura electrónica de exportación', 'Electronic export invoice'),
  '10': documentType('ReciboElectronicoPago', 'Recibo electrónico de pago', 'Electronic payment receipt'),
} as const satisfies Readonly<Record<string, DocumentTypeInfo>>;

export type DocumentTypeKey = keyof typeof DOCUMENT_TYPES;

/** The Spanish name of a document type (API views, the `document.signed` payload); the code itself if unknown. */
export function documentTypeName(type: string): string {
  return DOCUMENT_TYPES[type as DocumentTypeKey]?.nameEs ?? type;
}

/** The comprobantes this app issues (the others, 05–07, are receiver messages). */
export const ISSUABLE_DOCUMENT_TYPES = ['01', '02', '03', '04', '08', '09', '10'] as const;

/** API names for CondicionVenta (Nota 5) -> code. */
export const SALE_CONDITION_NAMES: Readonly<Record<string, string>> = {
  cash: '01', // Contado
  credit: '02', // Crédito
  consignment: '03', // Consignación
  layaway: '04', // Apartado
  lease_with_option: '05', // Arrendamiento con opción de compra
  financial_lease: '06', // Arrendamiento en función financiera
  third_party_collection: '07', // Cobro a favor de un tercero
  state_credit: '08', // Servicios prestados al Estado a crédito
  state_payment: '09', // Pago del servicio prestado al Estado (REP, NC/ND)
  credit_90_days: '10', // Venta a crédito en IVA hasta 90 días (art. 27 LIVA)
  credit_90_days_payment: '11', // Pago de venta a crédito en IVA hasta 90 días (REP, NC/ND)
  non_nationalized: '12', // Venta mercancía no nacionalizada
  used_goods: '13', // Venta bienes usados no contribuyente
  operating_lease: '14', // Arrendamiento operativo
  capital_lease: '15', // Arrendamiento financiero (06 is the older "en función financiera")
  other: '99', // Otros
};

/** API names for TipoMedioPago (Nota 6) -> code. */
export const PAYMENT_METHOD_NAMES: Readonly<Record<string, string>> = {
  cash: '01', // Efectivo
  card: '02', // Tarjeta
  check: '03', // Cheque
  transfer: '04', // Transferencia - depósito bancario
  third_party: '05', // Recaudado por terceros
  sinpe: '06', // SINPE Móvil
  digital: '07', // Plataforma digital
  other: '99', // Otros
};

/** API names for Identificacion/Tipo (Nota 4) -> code. */
export const PARTY_TYPE_NAMES: Readonly<Record<string, string>> = {
  fisica: '01', // Cédula física
  juridica: '02', // Cédula jurídica
  dimex: '03',
  nite: '04',
  extranjero: '05', // Extranjero no domiciliado
  no_contribuyente: '06', // No contribuyente
};

/**
 * Codes a document root allows: the base v4.4 list, plus the 2026 revision's additions when that
 * schema set is in force. Undefined when the root does not use the table at all.
 */
export function allowedCodes(table: CodeTable, root: XsdDocument, revision: 'base' | '2026'): readonly string[] | undefined {
  const base = table.byDocument[root];
  const added = revision === '2026' ? (table.rev2026ByDocument[root] ?? []) : [];
  if (!base && added.length === 0) return undefined;
  return [...(base ?? []), ...added];
}
