/**
 * The outbox job `poll_mailbox` (intake-job.ts): reads the organization's suppliers' mailbox and stores what
 * each message brings (receive-files.ts). bench/received.ts measures pollOnce.
 */
import type { JobHandler } from '../outbox/worker.ts';
import { recordMailboxPoll } from '../store/mailbox-settings.ts';
import { pollMailbox, type MailboxSettings, type MailLimits } from './imap-inbox.ts';
import { intakeJobHandler, type IntakeDependencies, type Tally } from './intake-job.ts';
import { loadMailbox, POLL_MAILBOX_JOB, type MailboxSecrets } from './mailbox-settings.ts';
import { readAhead } from './read-ahead.ts';
import { receiveFiles, type ReceiveDependencies, type ReceiveScope } from './receive-files.ts';

export { POLL_MAILBOX_JOB };

export interface PollDependencies extends IntakeDependencies {
  vault: MailboxSecrets['vault'];
  limits?: MailLimits;
}

/**
 * Polls the mailbox once: every message taken is stored, or has its problems counted. Each message's files
 * start verifying as soon as it is read (read-ahead.ts), while the messages before it are stored.
 */
export async function pollOnce(deps: ReceiveDependencies & { limits?: MailLimits }, settings: MailboxSettings, scope: ReceiveScope): Promise<Tally> {
  const tally = { taken: 0, stored: 0, problems: 0 };
  const early = readAhead(deps.read, scope.owner);
  const counts = await pollMailbox(settings, async (message) => {
    const outcomes = await receiveFiles({ ...deps, read: early.read }, scope, { kind: 'imap', name: message.id }, message.files);
    tally.stored += outcomes.filter((o) => o.status === 'stored').length;
    tally.problems += outcomes.filter((o) => o.status === 'problem').length + (message.refused ? 1 : 0);
    return 'taken';
  }, deps.limits, { ahead: (message) => early.start(message.files) });
  return { ...tally, taken: counts.taken };
}

export function pollMailboxHandler(deps: PollDependencies): JobHandler {
  return intakeJobHandler(deps, {
    kind: POLL_MAILBOX_JOB,
    load: (organizationId) => {
      const mailbox = loadMailbox(deps, organizationId);
      return mailbox && { row: mailbox.settings, enabled: mailbox.row.enabled, environment: mailbox.row.environment, intervalMinutes: mailbox.row.intervalMinutes };
    },
    run: (settings, scope) => pollOnce(deps, settings, scope),
    record: recordMailboxPoll,
  });
}
