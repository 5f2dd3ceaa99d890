/**
 * The organization's signing certificate and tax-authority (ATV) credentials, per environment:
 * status, upload (checked before it is stored, by organizations/upload-certificate.ts: the .p12 and PIN,
 * then the ATV user and password against the IdP) and removal, at /organizations/me/certificate and its
 * alias /company/certificate. A test key manages staging only.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { AppError } from '../../../domain/errors.ts';
import { ok } from '../../envelope.ts';
import { NullDataReply } from '../../schema-types.ts';
import { CertificateStatusReply, CertificateUpload, EnvironmentQuery, UploadReply } from './certificate-schemas.ts';
import { certificateStatus } from './certificate-views.ts';
import { requireOrganization } from '../../route-config.ts';
import { requestedEnvironment } from '../../requested-environment.ts';
import type { AtvStoredDeps, TokenDeps, VaultDeps } from '../../../organizations/dependencies.ts';
import { removeCertificate } from '../../../organizations/save-certificate.ts';
import { uploadCertificate } from '../../../organizations/upload-certificate.ts';
import { describeCertificate } from '../../../signing/p12.ts';
import { serverMessage } from '../../../i18n/server-messages.ts';
import { languageOf } from '../../request-language.ts';

const PATHS = ['/organizations/me/certificate', '/company/certificate'] as const;

/**
 * What the certificate section uses: the store, the vault that seals the .p12, PIN and password, the clock,
 * the IdP's sessions (to try the ATV credentials) and the outbox (woken to send what waits for them).
 */
export type CertificateDependencies = VaultDeps & TokenDeps & AtvStoredDeps;

export const certificateRoutes: RoutePlugin<CertificateDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['certificate'];
  for (const path of PATHS) {
    const alias = path.startsWith('/company') ? ' (alias)' : '';

    app.get(path, {
      config: { key: 'organization', abilities: ['settings:read'] },
      schema: { tags, summary: `Certificate and credentials status per environment${alias}`, response: { 200: CertificateStatusReply } },
    }, async (request) => {
      const { organization } = requireOrganization(request);
      return ok(certificateStatus(deps, organization.id, organization.defaultEnvironment));
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
      const { certificate, verified } = await uploadCertificate(deps, {
        organizationId: auth.organization.id, environment, certificate: b.certificate, pin: b.pin, atvUser: b.atv_user, atvPassword: b.atv_password,
      });
      const warning = verified ? {} : { warning: serverMessage(languageOf(request), 'atv_unverified') };
      return ok({ ...describeCertificate(certificate.identity, deps.clock.now()), credentials_verified: verified, ...warning }, `Certificate stored for ${environment}.`);
    });

    app.delete(path, {
      config: { key: 'organization', abilities: ['settings:manage'] },
      schema: { tags, summary: `Remove the certificate and credentials of an environment${alias}`, querystring: EnvironmentQuery, response: { 200: NullDataReply } },
    }, async (request) => {
      const auth = requireOrganization(request);
      const environment = requestedEnvironment(auth, request.query.environment);
      if (!removeCertificate(deps, auth.organization.id, environment)) {
        throw new AppError('not_found', 404, serverMessage('en', 'no_certificate', { environment }));
      }
      return ok(null, `Certificate and credentials removed from ${environment}.`);
    });
  }
};
