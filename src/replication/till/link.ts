/**
 * Linking a till to its head office (docs/replication.md, "La caja"): the one-time code is exchanged at the
 * head office's `POST /tills/pair` for a credential of the till's own, which is kept sealed by the vault with
 * the context `org:<id>:head_office_token` (a ciphertext copied into another organization's row does not
 * open). Pairing schedules the first pull and push at once; unlinking drops the link and its pending jobs
 * (the head office revokes the credential on its side, DELETE /tills/{id}).
 */
import { scheduleOrganizationJob } from '../../store/outbox.ts';
import type { Clock } from '../../domain/clock.ts';
import { AppError, validationError } from '../../domain/errors.ts';
import type { Vault } from '../../secrets/vault.ts';
import type { Store } from '../../store/database.ts';
import { deleteHeadOfficeLink, getHeadOfficeLink, insertHeadOfficeLink, type HeadOfficeLinkRow } from '../../store/head-office-links.ts';
import type { OrganizationRow } from '../../store/organizations.ts';
import { cancelLinkJobs, countWaitingDocuments, forgetReplication, PULL_HEAD_OFFICE_JOB, REPLICATE_DOCUMENTS_JOB } from '../../store/replication-queue.ts';
import { HeadOfficeClient, HeadOfficeRefused, HeadOfficeUnreachable, headOfficeBase } from './head-office-client.ts';

export interface LinkDependencies {
  store: Store;
  vault: Vault;
  clock: Clock;
}

export interface PairingInput {
  url: string;
  code: string;
  /** How the head office lists this till (default: the organization's name). */
  name?: string;
  branch?: string;
  terminal?: string;
  /** Accept-Language for the head office, so that its refusals read in the operator's language. */
  language?: string;
}

export interface LinkStatus {
  linked: boolean;
  url: string | null;
  head_office_name: string | null;
  till_id: number | null;
  paired_at: string | null;
  pending_documents: number;
  last_push_at: string | null;
  last_pull_at: string | null;
  last_error: string | null;
}

const tokenContext = (organizationId: number) => `org:${organizationId}:head_office_token`;

/** The till's credential in clear, for the jobs' requests (memory only). */
export function openToken(vault: Vault, link: HeadOfficeLinkRow): string {
  return vault.decrypt(link.token, tokenContext(link.organizationId)).toString('utf8');
}

export async function pairWithHeadOffice(deps: LinkDependencies, organization: OrganizationRow, input: PairingInput): Promise<HeadOfficeLinkRow> {
  const alreadyLinked = () => new AppError('head_office_linked', 409, 'This till already reports to a head office; unlink it first (DELETE /settings/head-office).');
  if (getHeadOfficeLink(deps.store.db, organization.id)) throw alreadyLinked();
  let base: string;
  try {
    base = headOfficeBase(input.url);
  } catch {
    throw validationError({ url: ['Must be the head office address, http:// or https://.'] });
  }
  const client = new HeadOfficeClient({ url: base, language: input.language, timeoutMs: 15_000 });
  let answer;
  try {
    answer = await client.pair({
      code: input.code.trim().toUpperCase(),
      name: input.name?.trim() || organization.name,
      branch: input.branch ?? '001',
      terminal: input.terminal ?? '00001',
      identification_number: organization.identificationNumber,
    });
  } catch (error) {
    if (error instanceof HeadOfficeRefused) throw new AppError(error.code, error.status === 401 || error.status === 403 ? 502 : error.status, error.message, { localized: true });
    if (error instanceof HeadOfficeUnreachable) throw new AppError('head_office_unreachable', 502, `The head office at ${base} could not be reached: ${error.message}.`);
    throw error;
  }
  if (answer?.organization?.identification_number !== organization.identificationNumber || typeof answer.token !== 'string') {
    throw new AppError('organization_mismatch', 409, `The till's organization (${organization.identificationNumber}) is not the head office's (${answer?.organization?.identification_number ?? '?'}).`);
  }
  const now = deps.clock.now();
  return deps.store.transaction((db) => {
    // Another pairing may have finished while this one waited for the head office.
    if (getHeadOfficeLink(db, organization.id)) throw alreadyLinked();
    const row = insertHeadOfficeLink(db, {
      organizationId: organization.id,
      url: base,
      headOfficeName: answer.head_office_name,
      tillId: answer.till_id,
      token: deps.vault.encrypt(answer.token, tokenContext(organization.id)),
      pairedAt: now.toISOString(),
    });
    // A new head office has none of this till's documents: every one of them goes, oldest first.
    forgetReplication(db, organization.id);
    scheduleOrganizationJob(db, PULL_HEAD_OFFICE_JOB, organization.id, now, now);
    scheduleOrganizationJob(db, REPLICATE_DOCUMENTS_JOB, organization.id, now, now);
    return row;
  });
}

export function linkStatus(deps: Pick<LinkDependencies, 'store'>, organizationId: number): LinkStatus {
  const link = getHeadOfficeLink(deps.store.db, organizationId);
  return {
    linked: link !== undefined,
    url: link?.url ?? null,
    head_office_name: link?.headOfficeName ?? null,
    till_id: link?.tillId ?? null,
    paired_at: link?.pairedAt ?? null,
    pending_documents: link ? countWaitingDocuments(deps.store.db, organizationId) : 0,
    last_push_at: link?.lastPushAt ?? null,
    last_pull_at: link?.lastPullAt ?? null,
    last_error: link?.lastError ?? null,
  };
}

/** Both jobs due now (the Settings screen's "sync now"); false when there is no link. */
export function syncNow(deps: LinkDependencies, organizationId: number): boolean {
  if (!getHeadOfficeLink(deps.store.db, organizationId)) return false;
  const now = deps.clock.now();
  deps.store.transaction((db) => {
    scheduleOrganizationJob(db, PULL_HEAD_OFFICE_JOB, organizationId, now, now);
    scheduleOrganizationJob(db, REPLICATE_DOCUMENTS_JOB, organizationId, now, now);
  });
  return true;
}

/** False when there was no link. Documents not yet replicated stay as they are: a new link sends them all. */
export function unlinkHeadOffice(deps: Pick<LinkDependencies, 'store'>, organizationId: number): boolean {
  return deps.store.transaction((db) => {
    cancelLinkJobs(db, organizationId);
    return deleteHeadOfficeLink(db, organizationId);
  });
}
