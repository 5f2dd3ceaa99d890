/** `issuer` and `receiver` (Party) of the request, with the XSD's limits for Emisor / Receptor. */
import { PARTY_TYPE_NAMES } from '../../domain/codes.ts';
import { NOTES } from '../rules/notes.ts';
import type { Location, Phone } from '../../domain/document-model.ts';
import { FieldReader, isJson, pick, type Json } from './field-reader.ts';
import { allCodes, byName } from './code-lists.ts';
import type { PartyInput } from './parsed-request.ts';
import { FORMATS } from '../rules/formats.ts';
import type { FormatRule } from '../rules/rule.ts';

function readIdentification(r: FieldReader, raw: Json, path: string): PartyInput['identification'] | undefined {
  const type = r.code(byName(pick(raw, 'type', 'identification_type', 'id_type'), PARTY_TYPE_NAMES), `${path}.type`, {
    required: true, width: 2, allowed: allCodes(NOTES.identificationType.codes),
  });
  // Capital letters: the 2026 alphanumeric cédulas jurídicas; dashes of "3-101-123456" are dropped.
  const rawId = pick(raw, 'id', 'identification', 'identification_number', 'number');
  const number = r.text(typeof rawId === 'string' ? rawId.replace(/[-\s]/g, '') : rawId, `${path}.id`, {
    required: true, max: 20, pattern: /^[0-9A-Za-z]+$/, format: 'digits or capital letters',
  });
  if (type === undefined || number === undefined) return undefined;
  return { type, number: type === '05' || type === '06' ? number : number.toUpperCase() };
}

function readPhone(r: FieldReader, value: unknown, path: string): Phone | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const obj = isJson(value) ? value : undefined;
  const country = obj ? r.text(pick(obj, 'country_code', 'code'), `${path}.country_code`, FORMATS.phoneCountryCode.text) : '506';
  const raw = obj ? pick(obj, 'number') : value;
  const number = typeof raw === 'string' || typeof raw === 'number' ? String(raw).replace(/[\s()+-]/g, '') : undefined;
  const numberPath = obj ? `${path}.number` : path;
  if (number === undefined || !FORMATS.phoneNumber.text.pattern.test(number)) {
    r.problems.add(numberPath, 'phone_invalid');
    return undefined;
  }
  return country === undefined ? undefined : { countryCode: country.replace('+', ''), number };
}

/** Ubicacion; OtrasSenas is 5–250 for the issuer and 5–160 for the receiver (annex pages 21 and 24). */
export function readLocation(r: FieldReader, value: unknown, path: string, details: FormatRule = FORMATS.issuerOtherSigns): Location | undefined {
  const raw = r.object(value, path);
  if (!raw) return undefined;
  const province = r.text(pick(raw, 'province', 'provincia'), `${path}.province`, { required: true, pattern: /^[1-7]$/, format: '1-7' });
  const canton = r.text(pick(raw, 'canton'), `${path}.canton`, { required: true, pattern: /^\d{1,2}$/, format: '2 digits' });
  const district = r.text(pick(raw, 'district', 'distrito'), `${path}.district`, { required: true, pattern: /^\d{1,2}$/, format: '2 digits' });
  const neighborhood = r.text(pick(raw, 'neighborhood', 'barrio'), `${path}.neighborhood`, FORMATS.neighborhood.text);
  const otherSigns = r.text(pick(raw, 'details', 'other_signs', 'otras_senas'), `${path}.details`, details.text);
  if (!province || !canton || !district || !otherSigns) return undefined;
  if (canton === '0' || canton === '00' || district === '0' || district === '00') {
    r.problems.add(`${path}.${canton.replace(/0/g, '') ? 'district' : 'canton'}`, 'pattern', { format: '01-99' });
    return undefined;
  }
  return { province, canton: canton.padStart(2, '0'), district: district.padStart(2, '0'), neighborhood, details: otherSigns };
}

function readEmails(r: FieldReader, raw: Json, path: string, max: number): string[] {
  const value = pick(raw, 'email', 'emails');
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  if (list.length > max) r.problems.add(`${path}.email`, 'max_items', { max });
  return list
    .slice(0, max)
    .map((e, i) => r.email(e, Array.isArray(value) ? `${path}.email.${i}` : `${path}.email`, FORMATS.email.text))
    .filter((e): e is string => e !== undefined);
}

export function readParty(r: FieldReader, value: unknown, path: 'issuer' | 'receiver', required: boolean): PartyInput | undefined {
  const raw = r.object(value, path, required);
  if (!raw) return undefined;
  const isIssuer = path === 'issuer';
  const identification = readIdentification(r, raw, path);
  const name = r.text(pick(raw, 'name', 'nombre'), `${path}.name`, (isIssuer ? FORMATS.issuerName : FORMATS.receiverName).text);
  const commercialName = r.text(pick(raw, 'commercial_name'), `${path}.commercial_name`, FORMATS.commercialName.text);
  const emails = readEmails(r, raw, path, isIssuer ? 4 : 1);
  const activityCode = r.text(pick(raw, 'activity_code', 'codigo_actividad'), `${path}.activity_code`, FORMATS.activityCode.text);
  const phone = readPhone(r, pick(raw, 'phone', 'telefono'), `${path}.phone`);
  const location = readLocation(r, pick(raw, 'address', 'location', 'ubicacion'), `${path}.address`, isIssuer ? FORMATS.issuerOtherSigns : FORMATS.receiverOtherSigns);
  const foreignAddress = r.text(pick(raw, 'foreign_address', 'other_signs_foreign'), `${path}.foreign_address`, FORMATS.foreignAddress.text);
  const fiscalRegistry8707 = r.text(pick(raw, 'fiscal_registry_8707', 'registro_fiscal_8707'), `${path}.fiscal_registry_8707`, FORMATS.fiscalRegistry.text);
  if (!identification || !name) return undefined;
  const party: PartyInput = {
    name,
    identification,
    commercialName,
    emails,
    email: emails[0],
    phone,
    location,
    foreignAddress,
    activityCode,
    fiscalRegistry8707,
  };
  return party;
}
