/**
 * The outbox job `poll_mailbox` (one pending per organization): reads the organization's suppliers' mailbox,
 * stores what each message brings (receive-files.ts), records how the poll went and schedules the next one
 * after the mailbox's interval. A mailbox that cannot be reached is recorded and polled again at the next
 * interval, never dropped; a disabled or removed mailbox ends its job and schedules none.
 */
import type { BusinessCalendar } from '../domain/business-days.ts';
import type { Clock } from '../domain/clock.ts';
import type { JobHandler } from '../outbox/worker.ts';
import { withLeaseHeartbeat } from '../outbox/lease-heartbeat.ts';
import type { Store } from '../store/database.ts';
import { recordMailboxPoll } from '../store/mailbox-settings.ts';
import { getOrganization } from '../store/organizations.ts';
import { scheduleOrganizationJob } from '../store/outbox.ts';
import { pollMailbox, type MailLimits } from './imap-inbox.ts';
import { loadMailbox, POLL_MAILBOX_JOB, type MailboxSecrets } from './mailbox-settings.ts';
import { receiveFiles } from './receive-files.ts';
import type { SupplierFile } from './read-supplier-file.ts';

export { POLL_MAILBOX_JOB };

export interface PollDependencies extends MailboxSecrets {
  store: Store;
  clock: Clock;
  read: (bytes: Buffer, owner: string) => Promise<SupplierFile>;
  calendar: BusinessCalendar;
  limits?: MailLimits;
}

/** Polls the mailbox once; the tallies of what it took, or the error that stopped it. */
async function pollOnce(deps: PollDependencies, organizationId: number) {
  const mailbox = loadMailbox(deps, organizationId);
  const organization = getOrganization(deps.store.db, organizationId);
  if (!mailbox || !mailbox.row.enabled || !organization) return undefined;
  const scope = { organizationId, environment: mailbox.row.environment, owner: organization.identificationNumber };
  const tally = { taken: 0, stored: 0, problems: 0 };
  try {
    const counts = await pollMailbox(mailbox.settings, async (message) => {
      const outcomes = await receiveFiles(deps, scope, { kind: 'imap', name: message.id }, message.files);
      tally.stored += outcomes.filter((o) => o.status === 'stored').length;
      tally.problems += outcomes.filter((o) => o.status === 'problem').length + (message.refused ? 1 : 0);
      return 'taken';
    }, deps.limits);
    tally.taken = counts.taken;
    return { row: mailbox.row, outcome: tally };
  } catch (error) {
    return { row: mailbox.row, outcome: { error: error instanceof Error ? error.message : String(error) } };
  }
}

export function pollMailboxHandler(deps: PollDependencies): JobHandler {
  return async (job) => {
    const organizationId = Number(job.payload['organizationId']);
    // A full mailbox takes longer than a lease: it is kept ahead so that no second poll starts meanwhile.
    const polled = await withLeaseHeartbeat(deps, job.id, () => pollOnce(deps, organizationId));
    if (!polled) return undefined;
    return () => {
      const now = deps.clock.now();
      recordMailboxPoll(deps.store.db, organizationId, now, polled.outcome);
      scheduleOrganizationJob(deps.store.db, POLL_MAILBOX_JOB, organizationId, now, new Date(now.getTime() + polled.row.intervalMinutes * 60_000));
    };
  };
}
