/** Encabezado (annex pages 18–19, Notas 3 and 4.1): clave, consecutive, provider, activity, date, situation. */
import { parseClave } from '../../domain/clave.ts';
import { parseConsecutive } from '../../domain/consecutive.ts';
import { claveDate } from '../../domain/costa-rica-time.ts';
import { isProviderSystemId } from '../../domain/identification.ts';
import { ALL_TYPES } from './rule.ts';
import { requestRule } from './define.ts';
import type { RequestFacts } from './facts.ts';

/**
 * How far the document's date may be from this machine's clock in situations 1 and 2: a point-of-sale
 * terminal and the counter PC rarely agree to the second, and a request may wait a moment in a queue.
 */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** Identification that a clave carries: the issuer's, or on a purchase invoice the buyer's (the receiver). */
export function claveOwner(req: RequestFacts['req']): { type: string; number: string } | undefined {
  return req.document?.type === '08' ? req.receiver?.identification : req.issuer?.identification;
}

export const HEADER_RULES = [
  requestRule({
    id: 'issue-date-not-future', section: 'header', element: 'FechaEmision', types: ALL_TYPES, page: 19,
    quote: 'No podrán señalarse fechas posteriores ni anteriores a la fecha de generación del comprobante.',
    paths: ['document.date'],
    message: { es: 'La fecha de emisión no puede ser posterior al momento de generar el comprobante.', en: 'The issue date cannot be later than the moment the document is generated.' },
    check: (f, report) => {
      const date = f.req.document?.issuedAt;
      if (date && date.getTime() > f.now.getTime() + CLOCK_SKEW_MS) report('document.date');
    },
  }),
  requestRule({
    id: 'issue-date-past-only-offline', section: 'header', element: 'FechaEmision', types: ALL_TYPES, page: 19,
    quote: 'Fechas anteriores a la validación del comprobante solo se permiten en los comprobantes con situación sin internet según nota N° 3.',
    paths: ['document.date'],
    message: {
      es: 'Una fecha anterior al momento de generar el comprobante solo se admite en situación 3 (sin internet).',
      en: 'A date earlier than the moment the document is generated is only allowed in situation 3 (no internet).',
    },
    check: (f, report) => {
      const { issuedAt, situation } = f.req.document ?? {};
      if (issuedAt && situation !== undefined && situation !== '3' && issuedAt.getTime() < f.now.getTime() - CLOCK_SKEW_MS) report('document.date');
    },
  }),
  requestRule({
    id: 'contingency-references-provisional', section: 'header', element: 'InformacionReferencia/TipoDocIR', types: ALL_TYPES, page: 15,
    quote: 'en el caso de comprobantes electrónicos que sustituyen comprobantes físicos emitidos por contingencia, se debe hacer referencia al comprobante provisional.',
    paths: ['reference'],
    message: {
      es: 'Un comprobante en situación 2 (contingencia) debe referir el comprobante provisional que sustituye (tipo de documento 08).',
      en: 'A document in situation 2 (contingency) must reference the provisional document it replaces (document type 08).',
    },
    check: (f, report) => {
      if (f.req.document?.situation === '2' && !(f.req.references ?? []).some((r) => r.documentType === '08')) report('reference');
    },
  }),
  requestRule({
    id: 'issuer-activity-required', section: 'header', element: 'CodigoActividadEmisor', types: ['01', '02', '03', '04', '09', '10'], page: 18,
    quote: 'Se debe de indicar el código de la actividad económica inscrita a la cual corresponde el comprobante que se está generando. (FE, FEE, TE: 1; NC, ND: 2; the API spec asks for it on every type but the purchase invoice, and the payment receipt\'s XML leaves it out.)',
    paths: ['document.activity_code'],
    message: { es: 'El código de actividad económica del emisor es obligatorio en este tipo de comprobante.', en: 'The issuer\'s economic activity code is required on this document type.' },
    check: (f, report) => {
      if (f.req.document?.activityCode === undefined) report('document.activity_code');
    },
  }),
  requestRule({
    id: 'receiver-activity-required', section: 'header', element: 'CodigoActividadReceptor', types: ['08'], page: 18,
    quote: 'Código de la Actividad Económica del Receptor … FEC: 1 (obligatorio)',
    paths: ['receiver.activity_code'],
    message: { es: 'El código de actividad del receptor (quien compra) es obligatorio en la factura electrónica de compra.', en: 'The receiver\'s (buyer\'s) activity code is required on a purchase invoice.' },
    check: (f, report) => {
      if (f.req.receiver && f.req.receiver.activityCode === undefined) report('receiver.activity_code');
    },
  }),
  requestRule({
    id: 'provider-system-identification', section: 'header', element: 'ProveedorSistemas', types: ALL_TYPES, page: 18,
    quote: 'se verificará que sea un código valido y que cumpla con el formato del número de identificación establecidos en el campo número de cedula … DEL EMISOR.',
    paths: ['document.provider_system_id'],
    message: {
      es: 'Debe ser una identificación válida: cédula física (9 dígitos), jurídica o NITE (10), o DIMEX (11 o 12), sin guiones.',
      en: 'Must be a valid identification: física (9 digits), jurídica or NITE (10), or DIMEX (11 or 12), without dashes.',
    },
    check: (f, report) => {
      const id = f.req.document?.providerSystemId;
      if (id !== undefined && !isProviderSystemId(id)) report('document.provider_system_id');
    },
  }),
  requestRule({
    id: 'consecutive-format', section: 'header', element: 'NumeroConsecutivo', types: ALL_TYPES, page: 19,
    quote: 'Se verificará que la información en el campo cumpla con las notas N° 1 y 3 caso contrario se rechazará el comprobante.',
    paths: ['document.consecutive_number'],
    message: { es: 'El número consecutivo no es válido para este comprobante: {detail}.', en: 'The consecutive number is not valid for this document: {detail}.' },
    check: (f, report) => {
      const doc = f.req.document;
      if (doc?.consecutive === undefined) return;
      try {
        const parts = parseConsecutive(doc.consecutive);
        if (doc.type !== undefined && parts.documentType !== doc.type) report('document.consecutive_number', { detail: `tipo ${parts.documentType} ≠ ${doc.type}` });
      } catch (err) {
        report('document.consecutive_number', { detail: (err as Error).message });
      }
    },
  }),
  requestRule({
    id: 'clave-matches-document', section: 'header', element: 'Clave', types: ALL_TYPES, page: 18,
    quote: 'Se verificará que la información en el campo cumpla con las notas N° 1, 3 y 4.1 … este campo debe de coincidir con la fecha señalada en la clave numérica.',
    paths: ['document.clave'],
    message: { es: 'La clave no es válida para este comprobante: {detail}.', en: 'The clave is not valid for this document: {detail}.' },
    check: (f, report) => {
      const detail = claveProblem(f);
      if (detail !== undefined) report('document.clave', { detail });
    },
  }),
];

/** What a client-supplied clave gets wrong, if anything (it must be the one this document would carry). */
function claveProblem(f: RequestFacts): string | undefined {
  const doc = f.req.document;
  if (doc?.clave === undefined) return undefined;
  if (doc.consecutive === undefined) return 'se envía solo junto con consecutive_number';
  let parts;
  try {
    parts = parseClave(doc.clave);
  } catch (err) {
    return (err as Error).message;
  }
  if (parts.consecutive !== doc.consecutive) return 'no concuerda con document.consecutive_number';
  if (doc.situation !== undefined && parts.situation !== doc.situation) return 'no concuerda con document.situation';
  if (doc.issuedAt && parts.day + parts.month + parts.year !== claveDate(doc.issuedAt)) return 'no concuerda con document.date';
  const owner = claveOwner(f.req)?.number;
  if (owner !== undefined && parts.identification.replace(/^0+/, '') !== owner.replace(/^0+/, '')) return 'no concuerda con la identificación del emisor';
  return undefined;
}
