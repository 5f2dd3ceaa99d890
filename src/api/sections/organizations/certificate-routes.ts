/**
 * The organization's signing certificate and tax-authority (ATV) credentials, per environment:
 * status, upload (checked before it is stored: the .p12 and PIN by organizations/certificate-check.ts, the
 * ATV user and password against the IdP by organizations/atv-check.ts) and removal, at
 * /organizations/me/certificate and its alias /company/certificate. A test key manages staging only.
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Core } from '../../../core.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../envelope.ts';
import { Envelope, Nullable, NullDataReply } from '../../schema-types.ts';
import { CertificateStatusReply } from './certificate-schemas.ts';
import { requireOrganization } from '../../route-config.ts';
import { requestedEnvironment } from '../../requested-environment.ts';
import { checkCertificate } from '../../../organizations/certificate-check.ts';
import { removeCertificate, saveCertificate } from '../../../organizations/save-certificate.ts';
import { describeCertificate } from '../../../signing/p12.ts';
import { atvCredentialsStored, verifyAtvCredentials } from '../../../organizations/atv-check.ts';
import { serverMessage } from '../../../i18n/server-messages.ts';
import { languageOf } from '../../request-language.ts';
import { listCredentials, type CredentialsRow } from '../../../store/credentials.ts';

const PATHS = ['/organizations/me/certificate', '/company/certificate'] as const;
const EnvironmentName = Type.Enum(['staging', 'production'], { description: 'default: the environment of the key' });

const CertificateUpload = Type.Object({
  certificate: Type.String({ minLength: 1, maxLength: 1_000_000, description: 'the .p12 file, base64' }),
  pin: Type.String({ minLength: 1, maxLength: 128 }),
  atv_user: Type.String({ format: 'email', maxLength: 255, description: 'tax-authority (ATV) user' }),
  atv_password: Type.String({ minLength: 1, maxLength: 255 }),
  environment: Type.Optional(EnvironmentName),
});

const EnvironmentQuery = Type.Object({ environment: Type.Optional(EnvironmentName) });

/** The spec's CertificateInfo plus, beyond it, what became of the ATV credentials (docs/signature.md). */
const UploadReply = Envelope(Type.Object({
  subject: Nullable({ type: 'string' }),
  serial_number: Nullable({ type: 'string' }),
  expiry_date: Type.String({ format: 'date' }),
  is_expired: Type.Boolean(),
  credentials_verified: Type.Boolean({ description: "beyond the spec: true when the tax authority's IdP accepted the ATV user and password; false when it could not be reached (they were stored unchecked)" }),
  warning: Type.Optional(Type.String({ description: "beyond the spec: present when credentials_verified is false; says so in the request's language" })),
}));

/** CertificateInfo from the clear columns; expiry is a Costa Rica calendar date, expired the day after. */
function certificateInfo(row: CredentialsRow | undefined, now: Date) {
  if (!row?.p12 || !row.certificateExpiry) return null;
  const today = new Date(now.getTime() - 6 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    subject: row.certificateSubject,
    serial_number: row.certificateSerial,
    expiry_date: row.certificateExpiry,
    is_expired: today > row.certificateExpiry,
  };
}

function environmentStatus(row: CredentialsRow | undefined, now: Date) {
  return {
    has_certificate: Boolean(row?.p12),
    has_credentials: Boolean(row?.atvUser && row.atvPassword),
    certificate: certificateInfo(row, now),
  };
}

function certificateStatus(core: Core, organizationId: number, defaultEnvironment: string) {
  const rows = listCredentials(core.store.db, organizationId);
  const now = core.clock.now();
  const of = (environment: string) => environmentStatus(rows.find((r) => r.environment === environment), now);
  return { default_environment: defaultEnvironment, staging: of('staging'), production: of('production') };
}

export const certificateRoutes: RoutePlugin = (core) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['certificate'];
  for (const path of PATHS) {
    const alias = path.startsWith('/company') ? ' (alias)' : '';

    app.get(path, {
      config: { key: 'organization', abilities: ['settings:read'] },
      schema: { tags, summary: `Certificate and credentials status per environment${alias}`, response: { 200: CertificateStatusReply } },
    }, async (request) => {
      const { organization } = requireOrganization(request);
      return ok(certificateStatus(core, organization.id, organization.defaultEnvironment));
    });

    app.post(path, {
      config: { key: 'organization', abilities: ['settings:manage'] },
      schema: {
        tags,
        summary: `Upload the .p12 and ATV credentials of an environment${alias}`,
        description: 'The ATV user and password are tried against the IdP first: refused ones are a 422 naming `atv_password`; when the IdP cannot be reached within a few seconds they are stored anyway, with `credentials_verified: false` and a `warning`.',
        body: CertificateUpload,
        response: { 200: UploadReply },
      },
    }, async (request) => {
      const auth = requireOrganization(request);
      const b = request.body;
      const environment = requestedEnvironment(auth, b.environment);
      const certificate = checkCertificate(b.certificate, b.pin, core.clock.now());
      const login = { organizationId: auth.organization.id, environment };
      const verified = await verifyAtvCredentials(core, { ...login, user: b.atv_user, password: b.atv_password });
      saveCertificate(core, auth.organization.id, environment, { certificate, pin: b.pin, atvUser: b.atv_user, atvPassword: b.atv_password });
      atvCredentialsStored(core, login, verified);
      const warning = verified ? {} : { warning: serverMessage(languageOf(request), 'atv_unverified') };
      return ok({ ...describeCertificate(certificate.identity, core.clock.now()), credentials_verified: verified, ...warning }, `Certificate stored for ${environment}.`);
    });

    app.delete(path, {
      config: { key: 'organization', abilities: ['settings:manage'] },
      schema: { tags, summary: `Remove the certificate and credentials of an environment${alias}`, querystring: EnvironmentQuery, response: { 200: NullDataReply } },
    }, async (request) => {
      const auth = requireOrganization(request);
      const environment = requestedEnvironment(auth, request.query.environment);
      if (!removeCertificate(core, auth.organization.id, environment)) {
        throw new ApiError('not_found', 404, serverMessage('en', 'no_certificate', { environment }));
      }
      return ok(null, `Certificate and credentials removed from ${environment}.`);
    });
  }
};
