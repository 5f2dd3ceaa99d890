/** Reads Emisor / Receptor back into the model's Party. */
import type { Element } from '@xmldom/xmldom';
import type { Identification, Party } from '../domain/document-model.ts';
import { child, children, compact, optStr, optTok, str, textOf, tok } from './read-dom.ts';

export function readIdentification(el: Element): Identification {
  return { type: tok(el, 'Tipo'), number: tok(el, 'Numero') };
}

/**
 * Emisor or Receptor. A receiver without Identificacion (allowed on TE, NC, ND and FEE) gets an
 * identification with both fields empty, which the writer in turn leaves out.
 */
export function readParty(el: Element): Party {
  const id = child(el, 'Identificacion');
  const location = child(el, 'Ubicacion');
  const phone = child(el, 'Telefono');
  return compact({
    name: str(el, 'Nombre'),
    identification: id ? readIdentification(id) : { type: '', number: '' },
    fiscalRegistry8707: optTok(el, 'Registrofiscal8707'),
    commercialName: optStr(el, 'NombreComercial'),
    location: location
      ? compact({
          province: tok(location, 'Provincia'),
          canton: tok(location, 'Canton'),
          district: tok(location, 'Distrito'),
          neighborhood: optStr(location, 'Barrio'),
          details: str(location, 'OtrasSenas'),
        })
      : undefined,
    foreignAddress: optStr(el, 'OtrasSenasExtranjero'),
    phone: phone ? { countryCode: tok(phone, 'CodigoPais'), number: tok(phone, 'NumTelefono') } : undefined,
    emails: children(el, 'CorreoElectronico').map((e) => textOf(e).trim()),
  });
}
