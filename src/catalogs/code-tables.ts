/**
 * The v4.4 code tables as the reference endpoints list them (spec CodeEntry and TaxRateEntry), made from
 * the very tables the engine validates with (domain/codes.ts, generated from the XSDs): the list a client
 * shows can never disagree with what a document accepts. `note` says where a code is not accepted
 * everywhere the table applies, and which codes only the 2026 revision of the schemas adds.
 */
import {
  DOCUMENT_TYPES, ISSUABLE_DOCUMENT_TYPES, IVA_RATE_NAMES_EN, IVA_RATES, PAYMENT_METHOD_NAMES, SALE_CONDITION_NAMES,
  ivaRateCodes, paymentMethods, referenceCodes, referencedDocumentTypes, saleConditions, type CodeTable, type XsdDocument,
} from '../domain/codes.ts';

export interface CodeEntry {
  code: string;
  /** The name the API accepts instead of the code where it has one, else the English or Spanish name. */
  name: string;
  /** The tax authority's wording (Spanish), as in the XSD. */
  description: string;
  note: string | null;
}

export interface TaxRateEntry {
  code: string;
  name: string;
  description: string;
  /** Percentage charged. */
  rate: number | null;
}

const ROOT_NAMES: Readonly<Record<XsdDocument, string>> = {
  FacturaElectronica: 'invoice',
  NotaDebitoElectronica: 'debit note',
  NotaCreditoElectronica: 'credit note',
  TiqueteElectronico: 'ticket',
  FacturaElectronicaCompra: 'purchase invoice',
  FacturaElectronicaExportacion: 'export invoice',
  ReciboElectronicoPago: 'payment receipt',
  MensajeReceptor: 'receiver message',
  MensajeHacienda: 'tax authority answer',
};

function rootsWith(byDocument: CodeTable['byDocument'], code: string): XsdDocument[] {
  return (Object.keys(byDocument) as XsdDocument[]).filter((root) => byDocument[root]?.includes(code));
}

const listed = (roots: XsdDocument[]) => roots.map((r) => ROOT_NAMES[r]).join(', ');

/** Where a code is not accepted by every document that uses the table, in words; null when it is. */
export function codeNote(table: CodeTable, code: string): string | null {
  const users = Object.keys(table.byDocument) as XsdDocument[];
  const base = rootsWith(table.byDocument, code);
  const added = rootsWith(table.rev2026ByDocument, code).filter((r) => !base.includes(r));
  const notes: string[] = [];
  if (base.length === 0) notes.push(added.length > 0 ? `Only with the 2026 revision of the v4.4 schemas, on: ${listed(added)}.` : 'Not accepted on any document.');
  else {
    if (base.length < users.length) notes.push(`Only on: ${listed(base)}.`);
    if (added.length > 0) notes.push(`The 2026 revision also accepts it on: ${listed(added)}.`);
  }
  return notes.length > 0 ? notes.join(' ') : null;
}

function entries(table: CodeTable, nameOf: (code: string) => string | undefined): CodeEntry[] {
  return Object.keys(table.codes).sort().map((code) => {
    const description = table.codes[code]!;
    return { code, name: nameOf(code) ?? description, description, note: codeNote(table, code) };
  });
}

/** API name per code from a name -> code map (`cash` for `01`). */
function apiNames(names: Readonly<Record<string, string>>): (code: string) => string | undefined {
  const byCode = new Map(Object.entries(names).map(([name, code]) => [code, name]));
  return (code) => byCode.get(code);
}

/** Nota 3: the comprobantes (01-04, 08-10) and the receiver messages (05-07). */
export function documentTypeEntries(): CodeEntry[] {
  return Object.entries(DOCUMENT_TYPES).map(([code, t]) => ({
    code,
    name: t.nameEn,
    description: t.nameEs,
    note: (ISSUABLE_DOCUMENT_TYPES as readonly string[]).includes(code) ? `XML ${t.root}` : `Receiver message: XML ${t.root} with Mensaje ${t.message}`,
  }));
}

export const paymentMethodEntries = (): CodeEntry[] => entries(paymentMethods, apiNames(PAYMENT_METHOD_NAMES));
export const saleConditionEntries = (): CodeEntry[] => entries(saleConditions, apiNames(SALE_CONDITION_NAMES));
export const referenceCodeEntries = (): CodeEntry[] => entries(referenceCodes, () => undefined);
export const referencedDocumentTypeEntries = (): CodeEntry[] => entries(referencedDocumentTypes, () => undefined);

/** Nota 8.1: CodigoTarifaIVA with the percentage the engine charges for it. */
export function taxRateEntries(): TaxRateEntry[] {
  return Object.keys(ivaRateCodes.codes).sort().map((code) => ({
    code,
    name: IVA_RATE_NAMES_EN[code] ?? ivaRateCodes.codes[code]!,
    description: ivaRateCodes.codes[code]!,
    rate: IVA_RATES[code] === undefined ? null : Number(IVA_RATES[code]),
  }));
}
