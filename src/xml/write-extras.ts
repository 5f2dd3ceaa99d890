/** The blocks around the lines: OtrosCargos, InformacionReferencia and Otros. */
import type { OtherCharge, OtherText, Reference } from '../domain/document-model.ts';
import { checkMax, num, optNum, optText, text, wrap } from './elements.ts';
import { XmlWriteError } from './errors.ts';
import { escapeAttribute, escapeText } from './escape.ts';
import { CHARGE_PERCENT } from './format.ts';
import type { DocumentProfile } from './profiles.ts';
import { writeIdentification } from './write-party.ts';

/** OtrosCargos (0..15). */
export function writeOtherCharges(charges: readonly OtherCharge[], profile: DocumentProfile): string {
  if (!profile.otherCharges) return '';
  checkMax('OtrosCargos', charges.length, 15);
  let out = '';
  for (const c of charges) {
    out += wrap(
      'OtrosCargos',
      text('TipoDocumentoOC', c.type) +
        optText('TipoDocumentoOTROS', c.typeOther) +
        (c.thirdParty ? writeIdentification('IdentificacionTercero', c.thirdParty) : '') +
        optText('NombreTercero', c.thirdPartyName) +
        text('Detalle', c.detail) +
        optNum('PorcentajeOC', c.percentage, CHARGE_PERCENT) +
        num('MontoCargo', c.amount),
    );
  }
  return out;
}

/** InformacionReferencia (required on NC, ND, FEC and REP; REP also requires Numero). */
export function writeReferences(references: readonly Reference[], profile: DocumentProfile): string {
  if (references.length === 0 && profile.references === 'required') {
    throw new XmlWriteError('InformacionReferencia', 'at least one required');
  }
  checkMax('InformacionReferencia', references.length, 10);
  let out = '';
  for (const r of references) {
    out += wrap(
      'InformacionReferencia',
      text('TipoDocIR', r.documentType) +
        optText('TipoDocRefOTRO', r.documentTypeOther) +
        (profile.referenceNumber === 'required' ? text('Numero', r.number) : optText('Numero', r.number)) +
        text('FechaEmisionIR', r.issuedAt) +
        optText('Codigo', r.code) +
        optText('CodigoReferenciaOTRO', r.codeOther) +
        optText('Razon', r.reason),
    );
  }
  return out;
}

/** Otros: every OtroTexto, then every OtroContenido (the XSD's order); both may carry a `codigo` attribute. */
export function writeOthers(others: readonly OtherText[], profile: DocumentProfile): string {
  if (!profile.others || others.length === 0) return '';
  const element = (o: OtherText) => (o.kind === 'content' ? 'OtroContenido' : 'OtroTexto');
  let out = '';
  for (const o of [...others.filter((x) => x.kind !== 'content'), ...others.filter((x) => x.kind === 'content')]) {
    const name = element(o);
    const code = o.code === undefined ? '' : ` codigo="${escapeAttribute(o.code, `${name}/@codigo`)}"`;
    out += `<${name}${code}>${escapeText(o.text, name)}</${name}>`;
  }
  return wrap('Otros', out);
}
