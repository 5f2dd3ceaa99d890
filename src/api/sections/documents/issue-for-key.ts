/** Issues a document request for the organization and environment of the calling key (documents and voids). */
import type { Core } from '../../../core.ts';
import { prepareIssue, type PreparedIssue } from '../../../documents/issue.ts';
import type { IssueResult } from '../../../documents/issue-pipeline.ts';
import { balanceMove, balanceRefusal } from '../../../documents/balance-move.ts';
import { loadSigningIdentity } from '../../../organizations/signing-identity.ts';
import type { OrganizationAuth } from '../../route-config.ts';
import { BalanceExceededError, type IdempotencyClaim } from '../../../domain/issuing-port.ts';
import { Dec } from '../../../domain/money.ts';
import { balanceDocumentByClave, balanceDocumentById } from '../../../store/note-balances.ts';
import { callbackUrlRule } from './callback-url-rule.ts';

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
    callbackUrlAllowed: callbackUrlRule(),
  });
  if (idempotency) prepared.idempotency = idempotency; // bound to the document when it is saved
  const db = core.store.db;
  // A note moves the balance of the document it references; one over the balance left is refused now.
  prepared.balance = balanceMove(prepared, {
    byClave: (clave) => balanceDocumentByClave(db, auth.organization.id, auth.environment, clave),
    byId: (id) => balanceDocumentById(db, id),
  });
  const issued = await issue(core, auth, prepared);
  core.outbox.wake(); // submit now rather than at the next poll
  return issued;
}

async function issue(core: Core, auth: OrganizationAuth, prepared: PreparedIssue): Promise<IssueResult> {
  try {
    return await core.issuing.issue(prepared, { organizationId: auth.organization.id, environment: auth.environment });
  } catch (error) {
    // Another note took the balance between the check above and the save.
    if (error instanceof BalanceExceededError) throw balanceRefusal(prepared, error.path, new Dec(error.balance), error.currency);
    throw error;
  }
}
