/**
 * Request and answer schemas of the organization endpoints (spec "Organizations and settings"). The
 * identification number's shape depends on its type, so its full check is in organizations/identification.ts.
 */
import { Type } from 'typebox';
import { Envelope, Nullable, NullableInteger, NullableText, Open } from '../../schema-types.ts';
import { IDENTIFICATION_TYPES } from '../../../organizations/identification.ts';

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

/** The members Organization and OrganizationProfile share (organization-views.ts identity). */
const IDENTITY = {
  name: Type.String(),
  legal_name: NullableText(),
  identification_type: Type.String(),
  identification_number: Type.String(),
  email: Type.String(),
  phone: NullableText(),
  economic_activities: Type.Array(Type.String()),
};

/** Organization (organization-views.ts organizationView). */
const Organization = Type.Object({
  id: Type.String({ format: 'uuid' }),
  ...IDENTITY,
  certificate_test: Type.Boolean({ description: 'a staging signing key is present' }),
  certificate_live: Type.Boolean({ description: 'a production signing key is present' }),
  created_at: Type.String({ format: 'date-time' }),
}, Open);

export const OrganizationReply = Envelope(Organization);
export const OrganizationListReply = Envelope(Type.Array(Organization));

/** OrganizationProfile (organization-views.ts profileView). */
export const ProfileReply = Envelope(Type.Object({
  id: Type.Integer({ description: 'internal id' }),
  uuid: Type.String({ format: 'uuid' }),
  ...IDENTITY,
  default_environment: Type.String({ description: '`staging` or `production`' }),
  is_active: Type.Boolean(),
  logo_url: NullableText(),
  logo_width: NullableInteger('points'),
  address: Nullable<object>({
    type: 'object',
    description: 'beyond the spec: the issuer\'s location (docs/organization-address.md)',
    properties: { province: { type: 'string' }, canton: { type: 'string' }, district: { type: 'string' }, neighborhood: { type: 'string' }, details: { type: 'string' } },
    additionalProperties: true,
  }),
  prices_include_vat: Type.Boolean({ description: 'beyond the spec: the screens send shelf prices, VAT included' }),
  plan: Type.String(),
  rate_limits: Type.Object({ per_minute: Type.Integer(), per_day: Type.Integer() }, Open),
  created_at: Type.String({ format: 'date-time' }),
}, Open));
