/**
 * DetalleMensaje → the API's `Rejection` list. The tax authority writes errors as a table of
 * "codigo, mensaje, fila, columna" lines, plus some free-text lines (the signature message has no
 * code). Common codes get a friendly explanation in Spanish or English.
 */

export interface Rejection {
  error_code: string;
  message: string;
  friendly_message: string;
  description: string;
  element_name: string | null;
  location: string | null;
  row: number | null;
  col: number | null;
}

export type Language = 'es' | 'en';

interface Friendly {
  es: string;
  en: string;
}

const FRIENDLY: Readonly<Record<string, Friendly>> = {
  '-37': {
    es: 'Los totales del comprobante no coinciden con la suma de sus líneas o medios de pago.',
    en: 'The document totals do not match the sum of its lines or payment methods.',
  },
  '-1': {
    es: 'El XML no cumple el esquema oficial (XSD) de Hacienda.',
    en: 'The XML does not conform to the tax authority\'s official schema (XSD).',
  },
  '-16': {
    es: 'El comprobante se envió fuera del plazo permitido (envío extemporáneo).',
    en: 'The document was submitted after the allowed period (late submission).',
  },
  signature_invalid: {
    es: 'La firma digital del comprobante no es válida: el XML cambió después de firmarse o el certificado no sirve.',
    en: 'The document\'s digital signature is invalid: the XML changed after signing or the certificate is not valid.',
  },
  duplicate: {
    es: 'Hacienda ya había recibido este comprobante.',
    en: 'The tax authority had already received this document.',
  },
};

const GENERIC: Friendly = {
  es: 'Hacienda rechazó el comprobante; vea el mensaje original.',
  en: 'The tax authority rejected the document; see the original message.',
};

/** Free-text lines that are rejections on their own, with the code they are known by. */
const TEXT_RULES: { pattern: RegExp; code: string }[] = [
  { pattern: /firma del comprobante electr[oó]nico no es v[aá]lida/i, code: 'signature_invalid' },
  { pattern: /extempor[aá]ne/i, code: '-16' },
  { pattern: /ya fue recibido anteriormente/i, code: 'duplicate' },
];

const TABLE_LINE = /^\s*(-?\d+)\s*,\s*(?:"((?:[^"]|"")*)"|(.*?))\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*$/;

export function friendlyMessage(code: string, language: Language = 'es'): string {
  return (FRIENDLY[code] ?? GENERIC)[language];
}

/** The element an XSD message names, e.g. "cvc-…: … element 'TotalComprobante' …". */
function elementName(message: string): string | null {
  return /element '(?:\{[^}]*\})?([^']+)'/i.exec(message)?.[1] ?? null;
}

function rejection(code: string, message: string, row: number | null, col: number | null, language: Language): Rejection {
  const element = elementName(message);
  return {
    error_code: code,
    message,
    friendly_message: friendlyMessage(code, language),
    description: message,
    element_name: element,
    location: row !== null && row > 0 ? `fila ${row}${col ? `, columna ${col}` : ''}` : null,
    row,
    col,
  };
}

export function parseDetail(detail: string, language: Language = 'es'): Rejection[] {
  const found: Rejection[] = [];
  for (const line of detail.split(/\r?\n/)) {
    const table = TABLE_LINE.exec(line);
    if (table) {
      const [, code = '', quoted, bare, row, col] = table;
      found.push(rejection(code, (quoted ?? bare ?? '').replace(/""/g, '"'), Number(row), Number(col), language));
      continue;
    }
    const rule = TEXT_RULES.find((r) => r.pattern.test(line));
    if (rule) found.push(rejection(rule.code, line.trim(), null, null, language));
  }
  return found;
}
