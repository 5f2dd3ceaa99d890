/**
 * Request schemas of the organization endpoints (spec "Organizations and settings"). The identification
 * number's shape depends on its type, so its full check is in organizations/identification.ts.
 */
import { Type } from 'typebox';
import { Nullable } from '../schema-types.ts';
import { IDENTIFICATION_TYPES } from '../../organizations/identification.ts';

export const IdentificationType = Type.Enum([...IDENTIFICATION_TYPES], {
  description: '01 natural person, 02 legal entity, 03 DIMEX, 04 NITE',
});
export const IdentificationNumber = Type.String({
  minLength: 1, maxLength: 20, description: 'física 9 digits, jurídica 10 (capital letters allowed), DIMEX 11-12, NITE 10; dashes are dropped',
});
const Name = Type.String({ minLength: 1, maxLength: 100 });
const LegalName = Type.String({ minLength: 1, maxLength: 100 });
const Email = Type.String({ format: 'email', maxLength: 160 });
const Phone = Nullable({ type: 'string', maxLength: 20, pattern: '^[0-9 +()-]*$' });
const EconomicActivities = Type.Array(
  Type.String({ pattern: '^(\\d{4,6}|\\d{4}\\.\\d)$', description: 'economic-activity code, 4 to 6 characters' }),
  { maxItems: 50, uniqueItems: true },
);
const EnvironmentName = Type.Enum(['staging', 'production']);

export const OrganizationInput = Type.Object({
  name: Name,
  identification_type: IdentificationType,
  identification_number: IdentificationNumber,
  email: Email,
  legal_name: Type.Optional(LegalName),
  phone: Type.Optional(Phone),
  economic_activities: Type.Optional(EconomicActivities),
});

/** The identification cannot change; the handler explains so when a client tries. */
export const OrganizationUpdate = Type.Object({
  name: Type.Optional(Name),
  legal_name: Type.Optional(LegalName),
  email: Type.Optional(Email),
  phone: Type.Optional(Phone),
  economic_activities: Type.Optional(EconomicActivities),
});

/** Beyond the spec (docs/organization-address.md): the issuer's location, codes of the official table. */
export const OrganizationAddress = Type.Union([Type.Object({
  province: Type.String({ pattern: '^[1-7]$' }),
  canton: Type.String({ pattern: '^\\d{2}$' }),
  district: Type.String({ pattern: '^\\d{2}$' }),
  neighborhood: Type.Optional(Type.String({ maxLength: 50 })),
  details: Type.String({ minLength: 5, maxLength: 250, description: 'otras señas' }),
}, { additionalProperties: false }), Type.Null()]);

export const OrganizationProfileUpdate = Type.Object({
  name: Type.Optional(Name),
  legal_name: Type.Optional(LegalName),
  identification_type: Type.Optional(IdentificationType),
  identification_number: Type.Optional(IdentificationNumber),
  email: Type.Optional(Email),
  phone: Type.Optional(Phone),
  economic_activities: Type.Optional(EconomicActivities),
  default_environment: Type.Optional(EnvironmentName),
  logo_url: Type.Optional(Nullable({ type: 'string', format: 'uri', maxLength: 2048 })),
  logo_width: Type.Optional(Nullable<number>({ type: 'integer', minimum: 1, maximum: 2000, description: 'points' })),
  address: Type.Optional(OrganizationAddress),
  prices_include_vat: Type.Optional(Type.Boolean({
    description: "beyond the spec: the shop's screens send prices with VAT included (shelf prices); default true (docs/document-request.md)",
  })),
});

export const OrganizationParams = Type.Object({ org: Type.String({ description: 'organization uuid' }) });
