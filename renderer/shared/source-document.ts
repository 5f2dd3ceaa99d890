/**
 * A note starts from the document it corrects: its receiver, currency and lines, read back from the
 * signed XML the Document carries (the API's Document has no lines of its own). Works on any DOM-like
 * XML document (the browser's DOMParser; xmldom in the unit tests), and reads only the elements it needs.
 */
import type { Address, CommercialDraft, LineDraft, PartyDraft } from './document-draft.ts';

export interface XmlElement {
  textContent: string | null;
  getElementsByTagName(name: string): { length: number; item(index: number): XmlElement | null };
}

export interface SourceDocument {
  clave: string;
  /** FechaEmision, the reference date of a note. */
  date: string;
  party: PartyDraft | null;
  commercial: CommercialDraft;
  lines: Omit<LineDraft, 'key'>[];
  /** InformacionReferencia of the document itself (a note's own reference), if any. */
  references: { documentType: string; number: string; code: string; reason: string }[];
}

function all(scope: XmlElement, name: string): XmlElement[] {
  const list = scope.getElementsByTagName(name);
  const out: XmlElement[] = [];
  for (let i = 0; i < list.length; i++) {
    const el = list.item(i);
    if (el) out.push(el);
  }
  return out;
}

const first = (scope: XmlElement | undefined, name: string): XmlElement | undefined => (scope ? all(scope, name)[0] : undefined);
const text = (scope: XmlElement | undefined, name: string): string => first(scope, name)?.textContent?.trim() ?? '';

/** "2.000" -> "2", "25000.50000" -> "25000.5": the XML's fixed decimals as a shopkeeper writes them. */
export function plainDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

function partyOf(el: XmlElement | undefined): PartyDraft | null {
  if (!el) return null;
  const location = first(el, 'Ubicacion');
  const address: Address | null = location
    ? { province: text(location, 'Provincia'), canton: text(location, 'Canton'), district: text(location, 'Distrito'), neighborhood: text(location, 'Barrio') || null, details: text(location, 'OtrasSenas') }
    : null;
  const id = first(el, 'Identificacion');
  return {
    type: text(id, 'Tipo') || (text(el, 'IdentificacionExtranjero') ? '05' : '01'),
    id: text(id, 'Numero') || text(el, 'IdentificacionExtranjero'),
    name: text(el, 'Nombre'),
    email: text(el, 'CorreoElectronico'),
    address,
    foreignAddress: text(el, 'OtrasSenasExtranjero'),
    source: 'document',
  };
}

function lineOf(el: XmlElement): Omit<LineDraft, 'key'> {
  const discounts = all(el, 'MontoDescuento').map((d) => d.textContent?.trim() ?? '').filter(Boolean);
  const vat = all(el, 'Impuesto').find((t) => text(t, 'Codigo') === '01');
  return {
    cabysCode: text(el, 'CodigoCABYS'),
    description: text(el, 'Detalle'),
    quantity: plainDecimal(text(el, 'Cantidad')),
    unit: text(el, 'UnidadMedida'),
    price: plainDecimal(text(el, 'PrecioUnitario')),
    // One discount per line on this screen; a document with several shows their sum only if there is one.
    discount: discounts.length === 1 ? plainDecimal(discounts[0]!) : '',
    rateCode: text(vat, 'CodigoTarifaIVA') || '08',
    tariffCode: text(el, 'PartidaArancelaria'),
  };
}

/** `type`: the document's type, which says whether the party is its receiver or (purchase invoice) its issuer. */
export function readSourceDocument(doc: XmlElement, type: string): SourceDocument {
  const summary = first(doc, 'ResumenFactura');
  const currency = first(summary, 'CodigoTipoMoneda');
  return {
    clave: text(doc, 'Clave'),
    date: text(doc, 'FechaEmision'),
    party: partyOf(first(doc, type === '08' ? 'Emisor' : 'Receptor')),
    commercial: {
      currency: text(currency, 'CodigoMoneda') || 'CRC',
      exchangeRate: plainDecimal(text(currency, 'TipoCambio')),
      saleCondition: text(doc, 'CondicionVenta') || '01',
      creditDays: text(doc, 'PlazoCredito'),
      paymentMethod: text(first(summary, 'MedioPago'), 'TipoMedioPago') || '01',
    },
    lines: all(doc, 'LineaDetalle').map(lineOf),
    references: all(doc, 'InformacionReferencia').map((r) => ({ documentType: text(r, 'TipoDocIR'), number: text(r, 'Numero'), code: text(r, 'Codigo'), reason: text(r, 'Razon') })),
  };
}

/** The browser's parser; null where there is none (the caller then starts the note without lines). */
export function parseXml(xml: string): XmlElement | null {
  const Parser = (globalThis as { DOMParser?: new () => { parseFromString(text: string, type: string): XmlElement } }).DOMParser;
  if (!Parser) return null;
  const doc = new Parser().parseFromString(xml, 'application/xml');
  return doc.getElementsByTagName('parsererror').length > 0 ? null : doc;
}
