/**
 * /organizations/me/certificate: the upload's body and the removal's query; the upload's answer (spec
 * CertificateInfo plus what became of the ATV credentials); and GET's CertificateStatus: per environment
 * whether a signing key and ATV credentials are stored, and the certificate's CertificateInfo (null without
 * one), as certificate-views.ts certificateStatus writes it.
 */
import { Type } from 'typebox';
import { Envelope, Nullable, Open } from '../../schema-types.ts';

const EnvironmentName = Type.Enum(['staging', 'production'], { description: 'default: the environment of the key' });

export const CertificateUpload = Type.Object({
  certificate: Type.String({ minLength: 1, maxLength: 1_000_000, description: 'the .p12 file, base64' }),
  pin: Type.String({ minLength: 1, maxLength: 128 }),
  atv_user: Type.String({ format: 'email', maxLength: 255, description: 'tax-authority (ATV) user' }),
  atv_password: Type.String({ minLength: 1, maxLength: 255 }),
  environment: Type.Optional(EnvironmentName),
});

export const EnvironmentQuery = Type.Object({ environment: Type.Optional(EnvironmentName) });

/** The spec's CertificateInfo plus, beyond it, what became of the ATV credentials (docs/signature.md). */
export const UploadReply = Envelope(Type.Object({
  subject: Nullable({ type: 'string' }),
  serial_number: Nullable({ type: 'string' }),
  expiry_date: Type.String({ format: 'date' }),
  is_expired: Type.Boolean(),
  credentials_verified: Type.Boolean({ description: "beyond the spec: true when the tax authority's IdP accepted the ATV user and password; false when it could not be reached (they were stored unchecked)" }),
  warning: Type.Optional(Type.String({ description: "beyond the spec: present when credentials_verified is false; says so in the request's language" })),
}));

const EnvironmentCertificate = Type.Object({
  has_certificate: Type.Boolean(),
  has_credentials: Type.Boolean(),
  certificate: Nullable<object>({
    type: 'object',
    description: 'CertificateInfo; null without a certificate',
    properties: {
      subject: { type: ['string', 'null'] },
      serial_number: { type: ['string', 'null'] },
      expiry_date: { type: 'string', format: 'date', description: 'a Costa Rica calendar date; expired the day after' },
      is_expired: { type: 'boolean' },
    },
    additionalProperties: true,
  }),
}, Open);

export const CertificateStatusReply = Envelope(Type.Object({
  default_environment: Type.String(),
  staging: EnvironmentCertificate,
  production: EnvironmentCertificate,
}, Open));
