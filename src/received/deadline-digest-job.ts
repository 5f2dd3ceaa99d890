/**
 * The daily outbox job `received_deadlines` (one pending per organization, deadline-schedule.ts): every morning
 * it settles, in each environment, the documents whose answer window closed unanswered (tacit acceptance, with
 * its `received.tacitly_accepted`), and, when the organization asked for it, e-mails ONE digest of the documents
 * whose last day falls within `days_before` business days, nearest first — nothing when there are none.
 * A day's digest goes at most once: the day is taken (`last_sent_on`) before sending and given back only when
 * the send fails, so a crash right after the server's 250 loses that day's digest rather than send it twice.
 * A transient failure is tried again within the day; then the job waits for the next morning.
 * Sending is the e-mail module's (email/deadline-digest-mail.ts), handed in by the composition root: received/
 * may not import email/ (eslint layer table).
 */
import type { BusinessCalendar } from '../domain/business-days.ts';
import { costaRicaDate } from '../domain/costa-rica-time.ts';
import { RetryAt, type JobHandler } from '../outbox/worker.ts';
import type { Store } from '../store/database.ts';
import type { Emit } from '../store/document-status.ts';
import { environmentsWithPending, nearestPending } from '../store/received-deadlines.ts';
import { claimDigestDay, getDigestSettings, releaseDigestDay, type DigestSettingsRow } from '../store/received-digest-settings.ts';
import { RECEIVED_DEADLINES_JOB, scheduleDeadlineJob } from './deadline-schedule.ts';
import { businessDaysLeft, withinCutoff } from './deadlines.ts';
import { settle } from './received-queries.ts';

export { RECEIVED_DEADLINES_JOB };

/** A digest handed to the sender (the shape of email/deadline-digest-mail.ts's DeadlineDigest). */
export interface DigestMail {
  recipients: string[];
  day: string;
  documents: {
    clave: string; consecutive: string; supplierName: string; supplierIdentification: string;
    total: string; currency: string; answerDue: string; businessDaysLeft: number;
  }[];
}

export type DigestResult = { sent: true } | { sent: false; permanent: boolean; message: string };

export interface DeadlineJobDependencies {
  store: Store;
  clock: { now(): Date };
  calendar: BusinessCalendar;
  emit?: Emit;
  sendDigest: (organizationId: number, digest: DigestMail) => Promise<DigestResult>;
}

/** A digest's longest list: a shop with more near deadlines than this has the screen for the rest. */
const MAX_DOCUMENTS = 200;
/** Transient failures tried again this often, at most this many runs, before waiting for the next morning. */
const RETRY_MS = 30 * 60_000;
const MAX_TRIES = 6;

/** The digest of `today`, or undefined when no document is near its deadline. */
function digestOf(deps: Pick<DeadlineJobDependencies, 'store' | 'calendar'>, settings: DigestSettingsRow, today: string): DigestMail | undefined {
  const scope = { organizationId: settings.organizationId, environment: settings.environment };
  const before = withinCutoff(today, settings.daysBefore, deps.calendar);
  const documents = nearestPending(deps.store.db, scope, MAX_DOCUMENTS, before).map((d) => ({
    clave: d.clave, consecutive: d.consecutive, supplierName: d.issuerName, supplierIdentification: d.issuerIdentification,
    total: d.totalAmount, currency: d.currency, answerDue: d.answerDue, businessDaysLeft: businessDaysLeft(today, d.answerDue, deps.calendar),
  }));
  return documents.length > 0 ? { recipients: settings.recipients, day: today, documents } : undefined;
}

/** Sends the day's digest when one is due; the outcome, or undefined when nothing was sent or tried. */
async function sendToday(deps: DeadlineJobDependencies, organizationId: number, today: string) {
  const settings = getDigestSettings(deps.store.db, organizationId);
  if (!settings?.enabled || settings.lastSentOn === today) return undefined;
  const digest = digestOf(deps, settings, today);
  if (!digest) return undefined;
  const claimed = deps.store.transaction((db) => claimDigestDay(db, organizationId, today, deps.clock.now()));
  if (!claimed) return undefined;
  return { claimed, result: await deps.sendDigest(organizationId, digest) };
}

export function deadlineJobHandler(deps: DeadlineJobDependencies): JobHandler {
  return async (job) => {
    const organizationId = Number(job.payload['organizationId']);
    if (!Number.isSafeInteger(organizationId)) return undefined; // a malformed job can never succeed
    for (const environment of environmentsWithPending(deps.store.db, organizationId)) settle(deps, { organizationId, environment });
    const today = costaRicaDate(deps.clock.now());
    const sent = await sendToday(deps, organizationId, today);
    const at = deps.clock.now();
    const failed = sent && !sent.result.sent ? sent.result : undefined;
    const giveBack = () => {
      if (failed && sent) releaseDigestDay(deps.store.db, organizationId, sent.claimed.previous, failed.message, at);
    };
    if (failed && !failed.permanent && job.attempts < MAX_TRIES) throw new RetryAt(new Date(at.getTime() + RETRY_MS), failed.message, giveBack);
    return () => {
      giveBack();
      // Tomorrow again while the digest is on or a document still waits for its answer (or its silence).
      const wanted = getDigestSettings(deps.store.db, organizationId)?.enabled || environmentsWithPending(deps.store.db, organizationId).length > 0;
      if (wanted) scheduleDeadlineJob(deps.store.db, organizationId, at);
    };
  };
}
