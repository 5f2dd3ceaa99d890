/**
 * GET /organizations/me/certificate (spec CertificateStatus): per environment whether a signing key and
 * ATV credentials are stored, and the certificate's CertificateInfo (null without one), as certificate.ts
 * certificateStatus writes it.
 */
import { Type } from 'typebox';
import { Envelope, Nullable, Open } from '../../schema-types.ts';

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
