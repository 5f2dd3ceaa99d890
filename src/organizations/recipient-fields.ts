/**
 * A RecipientInput as the columns of a recipient, with the checks a schema cannot express: the
 * identification fits its type (unless the recipient is foreign), and a Costa Rican location is
 * complete (province, canton and district together) because a document needs all three.
 */
import { validationError } from '../domain/errors.ts';
import type { RecipientFields } from '../store/recipients.ts';
import { checkIdentification, normalizeIdentification } from './identification.ts';

export interface RecipientInput {
  name: string;
  identification_type: string;
  identification_number: string;
  commercial_name?: string | null;
  is_foreign?: boolean;
  country_code?: string | null;
  province?: string | null;
  canton?: string | null;
  district?: string | null;
  neighborhood?: string | null;
  other_address?: string | null;
  email?: string | null;
  phone?: string | null;
  fax?: string | null;
  notes?: string | null;
}

/** Blank and absent optional members are stored as null (PUT replaces the whole recipient). */
const clean = (value: string | null | undefined) => value?.trim() || null;

function checkLocation(fields: RecipientFields): void {
  const parts = { province: fields.province, canton: fields.canton, district: fields.district };
  const given = Object.values(parts).filter((v) => v !== null).length;
  if (given === 0 || given === 3) return;
  const missing = Object.entries(parts).filter(([, v]) => v === null).map(([k]) => k);
  throw validationError(Object.fromEntries(missing.map((k) => [k, ['Province, canton and district go together.']])));
}

export function recipientFields(input: RecipientInput): RecipientFields {
  const isForeign = input.is_foreign ?? false;
  const identificationNumber = normalizeIdentification(input.identification_number);
  if (isForeign) {
    if (!/^[0-9A-Z]{1,20}$/.test(identificationNumber)) throw validationError({ identification_number: ['Must hold 1 to 20 digits or letters.'] });
  } else {
    checkIdentification(input.identification_type, identificationNumber);
  }
  const fields: RecipientFields = {
    name: input.name.trim(),
    commercialName: clean(input.commercial_name),
    identificationType: input.identification_type,
    identificationNumber,
    isForeign,
    countryCode: clean(input.country_code),
    province: clean(input.province),
    canton: clean(input.canton),
    district: clean(input.district),
    neighborhood: clean(input.neighborhood),
    otherAddress: clean(input.other_address),
    email: clean(input.email),
    phone: clean(input.phone),
    fax: clean(input.fax),
    notes: clean(input.notes),
  };
  checkLocation(fields);
  return fields;
}
