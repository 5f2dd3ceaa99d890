/**
 * Request and answer schemas of /recipients. Limits follow the v4.4 Receptor (name 3..100, commercial name 80,
 * e-mail 160, neighbourhood 50, other signs 300), so a saved recipient is always usable on a document.
 */
import { Type } from 'typebox';
import { Envelope, Nullable, NullableText, Open, PAGE_QUERY, Pagination } from '../../schema-types.ts';
import { IdentificationType } from '../organizations/schemas.ts';

const text = (maxLength: number, extra: Record<string, unknown> = {}) => Type.Optional(Nullable({ type: 'string', maxLength, ...extra }));
const phone = text(20, { pattern: '^[0-9 +()-]*$' });

export const RecipientInput = Type.Object({
  name: Type.String({ minLength: 3, maxLength: 100 }),
  identification_type: IdentificationType,
  identification_number: Type.String({ minLength: 1, maxLength: 20, description: 'per type as for organizations; free (up to 20) when is_foreign' }),
  commercial_name: text(80),
  is_foreign: Type.Optional(Type.Boolean({ default: false })),
  country_code: text(3, { pattern: '^(\\d{1,3})?$', description: 'telephone country code, e.g. 506' }),
  province: text(1, { pattern: '^([1-7])?$' }),
  canton: text(2, { pattern: '^(\\d{2})?$' }),
  district: text(2, { pattern: '^(\\d{2})?$' }),
  neighborhood: text(50),
  other_address: text(300),
  email: Type.Optional(Nullable({ type: 'string', format: 'email', maxLength: 160 })),
  phone,
  fax: phone,
  notes: text(1000),
});

export const RecipientParams = Type.Object({ id: Type.String({ description: 'recipient id (int64)' }) });

export const RecipientListQuery = Type.Object({
  ...PAGE_QUERY,
  search: Type.Optional(Type.String({ maxLength: 100, description: 'part of the name, commercial name or identification' })),
});

export const LookupQuery = Type.Object({
  identification: Type.String({ minLength: 1, maxLength: 25, description: 'identification number (dashes and spaces ignored)' }),
});

const nullable = NullableText();

/** Recipient (recipient-views.ts recipientView). */
export const Recipient = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  commercial_name: nullable,
  identification_type: Type.String(),
  identification_number: Type.String(),
  is_foreign: Type.Boolean(),
  country_code: nullable,
  province: nullable,
  canton: nullable,
  district: nullable,
  neighborhood: nullable,
  other_address: nullable,
  email: nullable,
  phone: nullable,
  fax: nullable,
  notes: nullable,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
}, Open);

export const RecipientReply = Envelope(Recipient);
export const RecipientListReply = Envelope(Type.Array(Recipient), { pagination: Pagination });
