/**
 * Writes a comprobante (FE, ND, NC, TE, FEC, FEE, REP) as v4.4 XML in exclusive canonical form:
 * the exact bytes the signer digests and the app stores. The signer inserts `<ds:Signature>` before
 * the root end tag, so the document deliberately ends with that tag.
 */
import type { DocumentModel } from '../domain/document-model.ts';
import { optText, text } from './elements.ts';
import { XmlWriteError } from './errors.ts';
import { formatInteger } from './format.ts';
import { PROFILES, type DocumentProfile, type Presence } from './profiles.ts';
import { XML_DECLARATION } from './roots.ts';
import { writeOtherCharges, writeOthers, writeReferences } from './write-extras.ts';
import { writeLines } from './write-line.ts';
import { writeParty } from './write-party.ts';
import { writeSummary } from './write-summary.ts';

/** An element whose presence depends on the document type. */
function byPresence(name: string, value: string | undefined, presence: Presence): string {
  if (presence === 'absent') return '';
  return presence === 'required' ? text(name, value) : optText(name, value);
}

/** Clave … FechaEmision. */
function writeHeader(m: DocumentModel, p: DocumentProfile): string {
  return (
    text('Clave', m.clave) +
    text('ProveedorSistemas', m.providerSystemId) +
    byPresence('CodigoActividadEmisor', m.issuerActivityCode, p.issuerActivity) +
    byPresence('CodigoActividadReceptor', m.receiverActivityCode, p.receiverActivity) +
    text('NumeroConsecutivo', m.consecutive) +
    text('FechaEmision', m.issuedAt)
  );
}

/** Emisor, Receptor (optional on TE, NC, ND and FEE). */
function writeParties(m: DocumentModel, p: DocumentProfile): string {
  const issuer = writeParty('Emisor', m.issuer, p.issuer);
  if (m.receiver === undefined) {
    if (p.receiverPresence === 'required') throw new XmlWriteError('Receptor', 'required element is missing');
    return issuer;
  }
  return issuer + writeParty('Receptor', m.receiver, p.receiver);
}

/** CondicionVenta, CondicionVentaOtros, PlazoCredito (days, at most 5 digits). */
function writeSaleCondition(m: DocumentModel, p: DocumentProfile): string {
  const condition = text('CondicionVenta', m.saleCondition);
  if (!p.saleConditionDetails) return condition;
  const term =
    m.creditTermDays === undefined
      ? ''
      : `<PlazoCredito>${formatInteger(m.creditTermDays, 0, 99999, 'PlazoCredito')}</PlazoCredito>`;
  return condition + optText('CondicionVentaOtros', m.saleConditionOther) + term;
}

export function writeDocument(model: DocumentModel): string {
  const profile = PROFILES[model.type];
  if (profile === undefined) throw new XmlWriteError('DocumentModel.type', `unknown document type "${String(model.type)}"`);
  const root = profile.root;
  return (
    `${XML_DECLARATION}<${root} xmlns="${profile.namespace}">` +
    writeHeader(model, profile) +
    writeParties(model, profile) +
    writeSaleCondition(model, profile) +
    writeLines(model.lines, profile) +
    writeOtherCharges(model.otherCharges, profile) +
    writeSummary(model.summary, profile.summary) +
    writeReferences(model.references, profile) +
    writeOthers(model.others, profile) +
    `</${root}>`
  );
}
