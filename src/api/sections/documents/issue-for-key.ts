/** Issues a document request for the organization and environment of the calling key (documents and voids). */
import type { Clock } from '../../../domain/clock.ts';
import type { CabysCatalog } from '../../../catalogs/cabys-catalog.ts';
import type { DistrictCodes } from '../../../catalogs/district-codes.ts';
import { prepareIssue, type PreparedIssue } from '../../../documents/issue.ts';
import type { IssuePipeline, IssueResult } from '../../../documents/issue-pipeline.ts';
import type { OutboxWorker } from '../../../outbox/worker.ts';
import type { Vault } from '../../../secrets/vault.ts';
import type { Store } from '../../../store/database.ts';
import { balanceMove, balanceRefusal } from '../../../documents/balance-move.ts';
import { loadSigningIdentity } from '../../../organizations/signing-identity.ts';
import type { OrganizationAuth } from '../../route-config.ts';
import { BalanceExceededError, type IdempotencyClaim } from '../../../domain/issuing-port.ts';
import { Dec } from '../../../domain/money.ts';
import { balanceDocumentByClave, balanceDocumentById } from '../../../store/note-balances.ts';
import { callbackUrlRule } from './callback-url-rule.ts';

/**
 * What issuing uses: the store and the vault (the signing identity, note balances), the time, the
 * validation catalogues (read when a document comes: the CABYS loads on first use), the provider's id
 * (ProveedorSistemas), the issuing pipeline and the outbox it wakes.
 */
export interface IssueDependencies {
  store: Store;
  vault: Vault;
  clock: Clock;
  readonly cabys: CabysCatalog;
  readonly districts: DistrictCodes;
  config: { providerSystemId?: string };
  issuing: Pick<IssuePipeline, 'issue'>;
  outbox: Pick<OutboxWorker, 'wake'>;
}

export async function issueForKey(deps: IssueDependencies, auth: OrganizationAuth, body: unknown, idempotency?: IdempotencyClaim): Promise<IssueResult> {
  const prepared = prepareIssue(body, {
    now: deps.clock.now(),
    cabys: deps.cabys,
    reference: deps.districts,
    organization: auth.organization,
    environment: auth.environment,
    identity: loadSigningIdentity(deps, auth.organization.id, auth.environment),
    providerSystemId: deps.config.providerSystemId,
    simulationAllowed: auth.key.mode === 'test',
    callbackUrlAllowed: callbackUrlRule(),
  });
  if (idempotency) prepared.idempotency = idempotency; // bound to the document when it is saved
  if (auth.cashier) prepared.attribution = { cashierId: auth.cashier.id, ...(auth.approvedBy ? { approvedBy: auth.approvedBy.id } : {}) };
  const db = deps.store.db;
  // A note moves the balance of the document it references; one over the balance left is refused now.
  prepared.balance = balanceMove(prepared, {
    byClave: (clave) => balanceDocumentByClave(db, auth.organization.id, auth.environment, clave),
    byId: (id) => balanceDocumentById(db, id),
  });
  const issued = await issue(deps, auth, prepared);
  deps.outbox.wake(); // submit now rather than at the next poll
  return issued;
}

async function issue(deps: IssueDependencies, auth: OrganizationAuth, prepared: PreparedIssue): Promise<IssueResult> {
  try {
    return await deps.issuing.issue(prepared, { organizationId: auth.organization.id, environment: auth.environment });
  } catch (error) {
    // Another note took the balance between the check above and the save.
    if (error instanceof BalanceExceededError) throw balanceRefusal(prepared, error.path, new Dec(error.balance), error.currency);
    throw error;
  }
}
