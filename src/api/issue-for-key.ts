/** Issues a document request for the organization and environment of the calling key (documents and voids). */
import type { Core } from '../core.ts';
import { prepareIssue } from '../documents/issue.ts';
import type { IssueResult } from '../documents/issue-pipeline.ts';
import { loadSigningIdentity } from '../organizations/signing-identity.ts';
import type { OrganizationAuth } from './route-config.ts';
import type { IdempotencyClaim } from '../domain/issuing-port.ts';

export async function issueForKey(core: Core, auth: OrganizationAuth, body: unknown, idempotency?: IdempotencyClaim): Promise<IssueResult> {
  const prepared = prepareIssue(body, {
    now: core.clock.now(),
    cabys: core.cabys,
    reference: core.districts,
    organization: auth.organization,
    environment: auth.environment,
    identity: loadSigningIdentity(core, auth.organization.id, auth.environment),
    providerSystemId: core.config.providerSystemId,
    simulationAllowed: auth.key.mode === 'test',
  });
  if (idempotency) prepared.idempotency = idempotency; // bound to the document when it is saved
  const issued = await core.issuing.issue(prepared, { organizationId: auth.organization.id, environment: auth.environment });
  core.outbox.wake(); // submit now rather than at the next poll
  return issued;
}
