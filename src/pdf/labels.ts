/**
 * The printed words of a document PDF in Spanish (the default: the documents are Costa Rican) and English.
 * Code-table descriptions (payment methods, sale conditions, tax rates) come from the generated code tables
 * in Spanish; English names are given here for the few tables a PDF prints.
 */
import type { Language } from '../i18n/validation-messages.ts';
import type { LineView } from './line-view.ts';

export interface PdfLabels {
  clave: string;
  consecutive: string;
  issuedAt: string;
  issuer: string;
  receiver: string;
  identification: string;
  phone: string;
  email: string;
  activity: string;
  saleCondition: string;
  creditDays: string;
  currency: string;
  exchangeRate: string;
  /** The line table's column titles. */
  columns: Record<keyof LineView, string>;
  otherCharges: string;
  sales: string;
  discounts: string;
  netSales: string;
  taxes: string;
  ivaReturned: string;
  total: string;
  payments: string;
  references: string;
  notes: string;
  verdict: string;
  status: Record<string, string>;
  testEnvironment: string;
  /** The line under the staging banner. */
  testDetail: string;
  legend: string;
  page: string;
  other: string;
  /** Identificacion/Tipo (Nota 4) */
  idTypes: Record<string, string>;
}

const es: PdfLabels = {
  clave: 'Clave',
  consecutive: 'Consecutivo',
  issuedAt: 'Fecha de emisión',
  issuer: 'Emisor',
  receiver: 'Receptor',
  identification: 'Identificación',
  phone: 'Teléfono',
  email: 'Correo',
  activity: 'Actividad económica',
  saleCondition: 'Condición de venta',
  creditDays: 'Plazo de crédito (días)',
  currency: 'Moneda',
  exchangeRate: 'Tipo de cambio',
  columns: { number: '#', code: 'Código', description: 'Descripción', quantity: 'Cant.', unit: 'Unidad', unitPrice: 'Precio unitario', discount: 'Descuento', tax: 'Impuesto', subtotal: 'Subtotal' },
  otherCharges: 'Otros cargos',
  sales: 'Total venta',
  discounts: 'Descuentos',
  netSales: 'Venta neta',
  taxes: 'Impuestos',
  ivaReturned: 'IVA devuelto',
  total: 'Total del comprobante',
  payments: 'Medios de pago',
  references: 'Documentos de referencia',
  notes: 'Observaciones',
  verdict: 'Estado ante Hacienda',
  status: {
    accepted: 'Aceptado por el Ministerio de Hacienda',
    rejected: 'Rechazado por el Ministerio de Hacienda',
    queued: 'Pendiente de envío al Ministerio de Hacienda (sin conexión)',
    error: 'No recibido por el Ministerio de Hacienda',
    pending: 'En validación por el Ministerio de Hacienda',
  },
  testEnvironment: 'PRUEBAS — SIN VALOR FISCAL',
  testDetail: 'Emitido en el ambiente de pruebas (sandbox) de Hacienda: no es un comprobante válido.',
  legend: 'Representación impresa de un comprobante electrónico',
  page: 'Página',
  other: 'Otros',
  idTypes: { '01': 'Cédula física', '02': 'Cédula jurídica', '03': 'DIMEX', '04': 'NITE', '05': 'Extranjero no domiciliado', '06': 'No contribuyente' },
};

const en: PdfLabels = {
  clave: 'Key (clave)',
  consecutive: 'Consecutive number',
  issuedAt: 'Issue date',
  issuer: 'Issuer',
  receiver: 'Receiver',
  identification: 'Identification',
  phone: 'Phone',
  email: 'E-mail',
  activity: 'Economic activity',
  saleCondition: 'Sale condition',
  creditDays: 'Credit term (days)',
  currency: 'Currency',
  exchangeRate: 'Exchange rate',
  columns: { number: '#', code: 'Code', description: 'Description', quantity: 'Qty', unit: 'Unit', unitPrice: 'Unit price', discount: 'Discount', tax: 'Tax', subtotal: 'Subtotal' },
  otherCharges: 'Other charges',
  sales: 'Sales total',
  discounts: 'Discounts',
  netSales: 'Net sales',
  taxes: 'Taxes',
  ivaReturned: 'VAT refunded',
  total: 'Document total',
  payments: 'Payment methods',
  references: 'Referenced documents',
  notes: 'Notes',
  verdict: 'Tax authority status',
  status: {
    accepted: 'Accepted by the tax authority',
    rejected: 'Rejected by the tax authority',
    queued: 'Waiting to be sent to the tax authority (offline)',
    error: 'Not received by the tax authority',
    pending: 'Being validated by the tax authority',
  },
  testEnvironment: 'TEST (PRUEBAS) — NO TAX VALUE',
  testDetail: "Issued in the tax authority's test environment (sandbox): not a valid tax document.",
  legend: 'Printed representation of an electronic tax document',
  page: 'Page',
  other: 'Other',
  idTypes: { '01': 'Individual ID', '02': 'Corporate ID', '03': 'DIMEX', '04': 'NITE', '05': 'Non-resident foreigner', '06': 'Non-taxpayer' },
};

export function pdfLabels(lang: Language): PdfLabels {
  return lang === 'en' ? en : es;
}

/** English names of the code tables a PDF prints (the Spanish ones are the generated tables'). */
export const PAYMENT_METHODS_EN: Readonly<Record<string, string>> = {
  '01': 'Cash',
  '02': 'Card',
  '03': 'Check',
  '04': 'Bank transfer or deposit',
  '05': 'Collected by third parties',
  '06': 'SINPE Móvil',
  '07': 'Digital platform',
  '99': 'Other',
};

export const SALE_CONDITIONS_EN: Readonly<Record<string, string>> = {
  '01': 'Cash',
  '02': 'Credit',
  '03': 'Consignment',
  '04': 'Layaway',
  '05': 'Lease with purchase option',
  '06': 'Financial lease',
  '07': 'Collection on behalf of a third party',
  '08': 'Services to the State on credit',
  '09': 'Payment of services to the State',
  '10': 'Credit sale, VAT up to 90 days',
  '11': 'Payment of a credit sale, VAT up to 90 days',
  '12': 'Sale of non-nationalised goods',
  '13': 'Sale of used goods by a non-taxpayer',
  '14': 'Operating lease',
  '15': 'Capital lease',
  '99': 'Other',
};

export const TAX_CODES_EN: Readonly<Record<string, string>> = {
  '01': 'VAT',
  '02': 'Selective consumption tax',
  '03': 'Single fuel tax',
  '04': 'Specific tax on alcoholic beverages',
  '05': 'Specific tax on bottled soft drinks and soaps',
  '06': 'Tobacco tax',
  '07': 'VAT (special calculation)',
  '08': 'VAT, used goods regime',
  '12': 'Specific cement tax',
  '99': 'Other',
};
