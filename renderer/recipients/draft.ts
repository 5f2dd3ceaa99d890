/**
 * The recipient form's values, the checks made before saving, and the taxpayer register's answer put into
 * the form. The checks mirror the server's (src/organizations/recipient-fields.ts), which has the last word:
 * they only say sooner, next to the field, what it would refuse.
 */
import type { Recipient, RecipientInput, Taxpayer } from './types.ts';

export const IDENTIFICATION_TYPES = ['01', '02', '03', '04'] as const;
export type IdentificationType = (typeof IDENTIFICATION_TYPES)[number];

/** Characters per identification type (Nota 4.1): física 9, jurídica 10, DIMEX 11 or 12, NITE 10. */
export const IDENTIFICATION_LENGTHS: Record<IdentificationType, readonly number[]> = { '01': [9], '02': [10], '03': [11, 12], '04': [10] };

const TEXT_FIELDS = ['name', 'commercial_name', 'identification_number', 'country_code', 'province', 'canton', 'district', 'neighborhood', 'other_address', 'email', 'phone', 'fax', 'notes'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type RecipientDraft = Record<TextField, string> & { identification_type: string; is_foreign: boolean };

export type DraftField = 'name' | 'identification_number' | 'email' | 'location' | 'phone';
export type DraftProblem = 'name' | 'required' | 'digits' | 'length' | 'foreign' | 'email' | 'location' | 'phone';

export function emptyDraft(): RecipientDraft {
  const draft = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>;
  return { ...draft, identification_type: '02', is_foreign: false };
}

export function draftOf(recipient: Recipient): RecipientDraft {
  const draft = Object.fromEntries(TEXT_FIELDS.map((f) => [f, recipient[f] ?? ''])) as Record<TextField, string>;
  return { ...draft, identification_type: recipient.identification_type, is_foreign: recipient.is_foreign };
}

/** As the server keeps it: no dashes or spaces, capitals ("3-101-123456" = "3101123456"). */
export function normalizeIdentification(text: string): string {
  return text.replace(/[-\s.]/g, '').toUpperCase();
}

function identificationProblem(draft: RecipientDraft): DraftProblem | undefined {
  const number = normalizeIdentification(draft.identification_number);
  if (number === '') return 'required';
  if (draft.is_foreign) return /^[0-9A-Z]{1,20}$/.test(number) ? undefined : 'foreign';
  if (!(draft.identification_type === '02' ? /^[0-9A-Z]+$/ : /^[0-9]+$/).test(number)) return 'digits';
  const lengths = IDENTIFICATION_LENGTHS[draft.identification_type as IdentificationType];
  return lengths && !lengths.includes(number.length) ? 'length' : undefined;
}

/** What keeps the draft from being saved, per field; empty when it can go. */
export function draftProblems(draft: RecipientDraft): Partial<Record<DraftField, DraftProblem>> {
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  if (draft.name.trim().length < 3) problems.name = 'name';
  const identification = identificationProblem(draft);
  if (identification) problems.identification_number = identification;
  if (draft.email.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) problems.email = 'email';
  if (!/^[0-9 +()-]*$/.test(draft.phone)) problems.phone = 'phone';
  // A document needs province, canton and district together, or none of them.
  const given = [draft.province, draft.canton, draft.district].filter((v) => v !== '').length;
  if (given !== 0 && given !== 3) problems.location = 'location';
  return problems;
}

/** The RecipientInput of a draft: trimmed, blanks as null (PUT replaces the whole recipient). */
export function inputOf(draft: RecipientDraft): RecipientInput {
  const value = (f: TextField) => draft[f].trim() || null;
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, value(f)])) as Record<TextField, string | null>),
    name: draft.name.trim(),
    identification_number: normalizeIdentification(draft.identification_number),
    // The form's select offers IDENTIFICATION_TYPES only (a saved recipient's type is one of them too).
    identification_type: draft.identification_type as IdentificationType,
    is_foreign: draft.is_foreign,
  };
}

/** The register's name and identification into the form; what the shopkeeper typed elsewhere stays. */
export function applyTaxpayer(draft: RecipientDraft, taxpayer: Taxpayer): RecipientDraft {
  const type = (IDENTIFICATION_TYPES as readonly string[]).includes(taxpayer.class) ? taxpayer.class : draft.identification_type;
  return { ...draft, name: taxpayer.nombre, identification_type: type, identification_number: taxpayer.cedula, is_foreign: false };
}
