/** Emisor / Receptor and the small types they share (Identificacion, Ubicacion, Telefono). */
import type { Identification, Location, Party, Phone } from '../domain/document-model.ts';
import { optText, text, texts, wrap } from './elements.ts';
import { XmlWriteError } from './errors.ts';
import type { PartyProfile } from './profiles.ts';

/** IdentificacionType (also IdentificacionTercero of OtrosCargos). */
export function writeIdentification(name: string, id: Identification): string {
  return wrap(name, text('Tipo', id.type) + text('Numero', id.number));
}

/** UbicacionType. */
function writeLocation(location: Location): string {
  return wrap(
    'Ubicacion',
    text('Provincia', location.province) +
      text('Canton', location.canton) +
      text('Distrito', location.district) +
      optText('Barrio', location.neighborhood) +
      text('OtrasSenas', location.details),
  );
}

/** TelefonoType. */
function writePhone(phone: Phone): string {
  return wrap('Telefono', text('CodigoPais', phone.countryCode) + text('NumTelefono', phone.number));
}

/**
 * An identification with both fields empty stands for "none": the model requires the field, but
 * TE, NC, ND and FEE accept a receiver known only by name (read from other software's documents).
 */
function isBlank(id: Identification): boolean {
  return id.type === '' && id.number === '';
}

function writeIdentificationFor(party: Party, profile: PartyProfile): string {
  if (profile.identification === 'optional' && isBlank(party.identification)) return '';
  return writeIdentification('Identificacion', party.identification);
}

function writeLocationFor(party: Party, profile: PartyProfile): string {
  if (profile.location === 'absent' || party.location === undefined) {
    if (profile.location === 'required') throw new XmlWriteError('Ubicacion', 'required element is missing');
    return '';
  }
  return writeLocation(party.location);
}

function writePartyContent(party: Party, profile: PartyProfile): string {
  const emails = party.emails;
  if (emails.length < profile.minEmails) {
    throw new XmlWriteError('CorreoElectronico', `at least ${profile.minEmails} required`);
  }
  let inner = text('Nombre', party.name) + writeIdentificationFor(party, profile);
  if (!profile.reduced) {
    if (profile.fiscalRegistry) inner += optText('Registrofiscal8707', party.fiscalRegistry8707);
    inner += optText('NombreComercial', party.commercialName) + writeLocationFor(party, profile);
    if (profile.foreignAddress) inner += optText('OtrasSenasExtranjero', party.foreignAddress);
    if (party.phone) inner += writePhone(party.phone);
  }
  return inner + texts('CorreoElectronico', emails, profile.maxEmails);
}

/** Emisor or Receptor, cut to what the document type allows; error paths start with its name. */
export function writeParty(name: 'Emisor' | 'Receptor', party: Party, profile: PartyProfile): string {
  try {
    return wrap(name, writePartyContent(party, profile));
  } catch (error) {
    throw error instanceof XmlWriteError ? error.within(name) : error;
  }
}
