/** InformacionReferencia (annex pages 56–57, Notas 9 and 10). */
import { parseClave } from '../../domain/clave.ts';
import { ALL_TYPES, allBut } from './rule.ts';
import { otherDescribed, requestRule } from './define.ts';
import type { RequestFacts } from './facts.ts';

/** TipoDocIR of electronic documents, whose Numero must be a clave (page 57; 19 FEE and 20 REP since 2026). */
const CLAVE_REFERENCE_TYPES: ReadonlySet<string> = new Set(['01', '02', '03', '04', '09', '11', '12', '15', '19', '20']);
/** The document type a clave must hold for the referenced types that name one. */
const CLAVE_DOCUMENT_TYPE: Readonly<Record<string, string>> = { '01': '01', '02': '02', '03': '03', '04': '04', '19': '09', '20': '10' };
/** TipoDocIR a payment receipt may reference (page 56). */
const PAYMENT_RECEIPT_REFERENCE_TYPES: ReadonlySet<string> = new Set(['01', '02', '03', '04', '07', '08', '10']);
/** "Facturación mes vencido": Numero, Codigo and Razon are not required (page 57). */
const MONTH_END_BILLING = '13';
const TEN_YEARS_MS = 10 * 366 * 24 * 60 * 60 * 1000;

function references(f: RequestFacts) {
  return f.req.references ?? [];
}

/** What is wrong with a reference's Numero as the clave of an electronic document, if anything. */
function claveProblem(number: string, documentType: string): string | undefined {
  try {
    const parts = parseClave(number);
    const expected = CLAVE_DOCUMENT_TYPE[documentType];
    if (expected !== undefined && parts.consecutiveParts.documentType !== expected) return `es de un comprobante tipo ${parts.consecutiveParts.documentType}, no ${expected}`;
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

const REQUIRED_UNLESS_13 = { es: 'Es obligatorio en la información de referencia (salvo facturación mes vencido, tipo 13).', en: 'Required in the reference (except month-end billing, type 13).' };

export const REFERENCE_RULES = [
  requestRule({
    id: 'reference-required', section: 'references', element: 'InformacionReferencia', types: ['02', '03', '08', '10'], page: 56,
    quote: 'Será obligatorio cuando se genere: … 2. "Factura Electrónica de Compra", 3. "Nota de Crédito Electrónica", 4. "Nota de Débito Electrónica y 5. "Recibo Electrónico de Pago".',
    paths: ['reference'],
    message: { es: 'La información de referencia es obligatoria en notas de crédito y débito, facturas de compra y recibos de pago.', en: 'The reference is required on credit and debit notes, purchase invoices and payment receipts.' },
    check: (f, report) => {
      if (!f.given.reference) report('reference');
    },
  }),
  requestRule({
    id: 'reference-type-16-purchase-only', section: 'references', element: 'InformacionReferencia/TipoDocIR', types: allBut('08'), page: 56,
    quote: 'El código 16 de "Comprobante de Proveedor No Domiciliado" únicamente podrá ser utilizado en la Factura Electrónica de Compra',
    paths: ['reference.N.document_type'],
    message: { es: 'El tipo de referencia 16 (comprobante de proveedor no domiciliado) solo se usa en la factura de compra.', en: 'Reference type 16 (non-domiciled supplier\'s document) is only used on a purchase invoice.' },
    check: (f, report) => {
      for (const r of references(f)) if (r.documentType === '16') report(`${r.path}.document_type`);
    },
  }),
  requestRule({
    id: 'reference-types-payment-receipt', section: 'references', element: 'InformacionReferencia/TipoDocIR', types: ['10'], page: 56,
    quote: 'En el Comprobante "Recibo Electrónico de Pago", únicamente podrán ser utilizados los códigos 01, 02, 03, 04, 07, 08 y 10',
    paths: ['reference.N.document_type'],
    message: { es: 'El recibo electrónico de pago solo refiere documentos de tipo 01, 02, 03, 04, 07, 08 o 10.', en: 'A payment receipt only references documents of type 01, 02, 03, 04, 07, 08 or 10.' },
    check: (f, report) => {
      for (const r of references(f)) if (!PAYMENT_RECEIPT_REFERENCE_TYPES.has(r.documentType)) report(`${r.path}.document_type`);
    },
  }),
  requestRule({
    id: 'reference-type-09-notes-only', section: 'references', element: 'InformacionReferencia/TipoDocIR', types: ['01', '04', '08', '09', '10'], page: 73,
    quote: 'El código 09, Devolución de mercadería se utilizará únicamente para efectos de las Notas de Crédito y Notas de Débito que lo requieran.',
    paths: ['reference.N.document_type'],
    message: { es: 'El tipo de referencia 09 (devolución de mercadería) solo se usa en notas de crédito y débito.', en: 'Reference type 09 (returned goods) is only used on credit and debit notes.' },
    check: (f, report) => {
      for (const r of references(f)) if (r.documentType === '09') report(`${r.path}.document_type`);
    },
  }),
  requestRule({
    id: 'reference-code-12-credit-notes-only', section: 'references', element: 'InformacionReferencia/Codigo', types: allBut('03'), page: 72,
    quote: 'El código 12, Crédito por exoneración posterior a la facturación se utilizará únicamente para efectos de las notas de crédito',
    paths: ['reference.N.code'],
    message: { es: 'El código de referencia 12 (crédito por exoneración posterior) solo se usa en notas de crédito.', en: 'Reference code 12 (credit for a later exoneration) is only used on credit notes.' },
    check: (f, report) => {
      for (const r of references(f)) if (r.code === '12') report(`${r.path}.code`);
    },
  }),
  requestRule({
    id: 'reference-number-required', section: 'references', element: 'InformacionReferencia/Numero', types: ALL_TYPES, page: 57,
    quote: 'Este campo será de condición obligatoria, cuando se incluya información en el campo "Tipo de documento de referencia", excepto cuando se utilice el código 13 de la nota 10.',
    paths: ['reference.N.number'],
    message: REQUIRED_UNLESS_13,
    check: (f, report) => {
      for (const r of references(f)) if (r.documentType !== MONTH_END_BILLING && r.number === undefined) report(`${r.path}.number`);
    },
  }),
  requestRule({
    id: 'reference-number-is-clave', section: 'references', element: 'InformacionReferencia/Numero', types: ALL_TYPES, page: 57,
    quote: 'En los casos que se utilicen los códigos 1,2,3,4,9,11,12,15 de la nota 10, se verificará que el documento de referencia sea una clave numérica valida.',
    paths: ['reference.N.number'],
    message: { es: 'Debe ser la clave de 50 caracteres del comprobante electrónico referido: {detail}.', en: 'Must be the 50-character clave of the referenced electronic document: {detail}.' },
    check: (f, report) => {
      for (const r of references(f)) {
        if (r.number === undefined || !CLAVE_REFERENCE_TYPES.has(r.documentType)) continue;
        const detail = claveProblem(r.number, r.documentType);
        if (detail !== undefined) report(`${r.path}.number`, { detail });
      }
    },
  }),
  requestRule({
    id: 'reference-date-ten-years', section: 'references', element: 'InformacionReferencia/FechaEmisionIR', types: ALL_TYPES, page: 57,
    quote: 'Se verificará que la fecha de referencia no supere una antigüedad de 10 años. Caso contrario se rechazará el comprobante.',
    paths: ['reference.N.date'],
    message: { es: 'La fecha del documento referido no puede tener más de 10 años.', en: 'The referenced document\'s date cannot be more than 10 years old.' },
    check: (f, report) => {
      const issued = f.req.document?.issuedAt ?? f.now;
      for (const r of references(f)) if (issued.getTime() - Date.parse(r.issuedAt) > TEN_YEARS_MS) report(`${r.path}.date`);
    },
  }),
  requestRule({
    id: 'reference-code-required', section: 'references', element: 'InformacionReferencia/Codigo', types: ALL_TYPES, page: 57,
    quote: 'Este campo será de condición obligatoria, cuando se incluya información en el campo "Tipo de documento de referencia", excepto cuando se utilice el código 13 de la nota 10.',
    paths: ['reference.N.code'],
    message: REQUIRED_UNLESS_13,
    check: (f, report) => {
      for (const r of references(f)) if (r.documentType !== MONTH_END_BILLING && r.code === undefined) report(`${r.path}.code`);
    },
  }),
  requestRule({
    id: 'reference-reason-required', section: 'references', element: 'InformacionReferencia/Razon', types: ALL_TYPES, page: 57,
    quote: 'Este campo será de condición obligatoria, cuando se incluya información en el campo "Tipo de documento de referencia" excepto cuando se utilice el código 13 de la nota 10.',
    paths: ['reference.N.reason'],
    message: REQUIRED_UNLESS_13,
    check: (f, report) => {
      for (const r of references(f)) if (r.documentType !== MONTH_END_BILLING && r.reason === undefined) report(`${r.path}.reason`);
    },
  }),
  otherDescribed({
    id: 'reference-others-described', section: 'references', element: 'InformacionReferencia/TipoDocRefOTRO|CodigoReferenciaOTRO', types: ALL_TYPES, page: 56,
    quote: 'Será obligatorio en caso de utilizar el código 99 de "Otros" de la nota 10 [y de la nota 9]. Se debe describir puntualmente',
    paths: ['reference.N.type_other', 'reference.N.code_other_description'],
    what: { es: 'el tipo de documento o el código de referencia', en: 'the document type or the reference code' },
    entries: (f) => references(f).flatMap((r) => [
      { path: `${r.path}.type_other`, code: r.documentType, description: r.documentTypeOther },
      { path: `${r.path}.code_other_description`, code: r.code, description: r.codeOther },
    ]),
  }),
];
