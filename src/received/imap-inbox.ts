/**
 * Suppliers' mail, fetched from an organization's IMAP mailbox (imapflow). The messages not yet taken are
 * read a batch at a time (imap-messages.ts: attachments only, within limits known before a byte is
 * downloaded) and handed over one by one, oldest first, with their Message-ID. Once the handler has stored
 * what a message brings, it is marked as taken (the `$Facturador` keyword) or moved to the "processed" folder,
 * the batch's taken messages in one command; a handler that fails leaves its message for the next poll, so
 * nothing is lost. A message stored and then not marked (the connection dropped) is read again at the next
 * poll and found already stored.
 */
import { ImapFlow } from 'imapflow';
import { readBatch, type MailLimits, type MailMessage, type Read } from './imap-messages.ts';

export { attachmentParts, type MailLimits, type MailMessage } from './imap-messages.ts';

export interface MailboxSettings {
  host: string;
  port: number;
  /** TLS from the first byte (993); false is a plain connection, upgraded with STARTTLS when offered. */
  secure: boolean;
  user: string;
  password: string;
  folder: string;
  /** Where taken mail goes, levels separated by `/` whatever the server's own separator; none: it stays, marked. */
  processedFolder?: string;
}

export const DEFAULT_MAIL_LIMITS: MailLimits = { maxMessageBytes: 25 * 1024 * 1024, maxAttachments: 50, maxMessages: 200 };

/** The IMAP keyword of a message Facturador has taken. */
export const TAKEN_KEYWORD = '$Facturador';

/** What to do with a message once handled: `taken` marks or moves it; `keep` leaves it for the next poll. */
export type MailVerdict = 'taken' | 'keep';

export interface PollOptions {
  /**
   * Called with each message as soon as it is read, before its turn to be handled: work that `handle` will
   * need can start early (poll-mailbox-job.ts starts verifying its files). A head start only: what it throws
   * is ignored.
   */
  ahead?: (message: MailMessage) => void;
}

/** Marks the messages taken first, so that a move that fails still leaves them known; then moves them if asked. */
async function markTaken(client: ImapFlow, uids: number[], processedPath: string | undefined): Promise<void> {
  if (uids.length === 0) return;
  await client.messageFlagsAdd(uids, [TAKEN_KEYWORD], { uid: true });
  if (processedPath) await client.messageMove(uids, processedPath, { uid: true });
}

/** The processed folder's path in the server's own separator, created when missing. */
async function processedPathOf(client: ImapFlow, folder: string | undefined): Promise<string | undefined> {
  if (!folder) return undefined;
  return (await client.mailboxCreate(folder.split('/').filter(Boolean))).path;
}

/** A batch of messages, read: `uids` in order, each read or the error that kept it from being read. */
interface Batch {
  uids: number[];
  messages: Map<number, Read>;
}

/** Hands one message to `handle`: whether it is to be marked taken, kept, or failed (it stays for the next poll). */
async function handleOne(client: ImapFlow, read: Read | undefined, handle: (message: MailMessage) => Promise<MailVerdict>): Promise<'taken' | 'kept' | 'failed'> {
  try {
    if (read === undefined || read instanceof Error) return 'failed';
    return (await handle(read)) === 'taken' ? 'taken' : 'kept';
  } catch (error) {
    if (!client.usable) throw error; // the connection is gone: the poll ends here
    return 'failed';
  }
}

/**
 * Reads the mailbox's messages not yet taken, oldest first, handing each to `handle`. Returns how many were
 * taken, kept, and failed (a message that could not be read or stored stays for the next poll and does not
 * stop the others). Connection and login failures reject (the poll is retried later by its caller).
 */
export async function pollMailbox(
  settings: MailboxSettings,
  handle: (message: MailMessage) => Promise<MailVerdict>,
  limits: MailLimits = DEFAULT_MAIL_LIMITS,
  options: PollOptions = {},
): Promise<{ taken: number; kept: number; failed: number }> {
  const client = new ImapFlow({
    host: settings.host, port: settings.port, secure: settings.secure, auth: { user: settings.user, pass: settings.password },
    logger: false, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000,
  });
  await client.connect();
  const counts = { taken: 0, kept: 0, failed: 0 };
  try {
    const processedPath = await processedPathOf(client, settings.processedFolder);
    const lock = await client.getMailboxLock(settings.folder);
    try {
      const uids = (await client.search({ unKeyword: TAKEN_KEYWORD, deleted: false }, { uid: true })) || [];
      const queue = uids.slice(0, limits.maxMessages);
      let next = 0;
      // The next batch is read from the server while this one is verified and stored: the two overlap.
      const readNext = async (): Promise<Batch> => {
        const { taken, messages } = await readBatch(client, queue.slice(next), limits);
        const batch = { uids: queue.slice(next, next + taken), messages };
        next += taken;
        for (const uid of batch.uids) {
          const read = messages.get(uid); // in the mail's order: the workers verify the first first
          try {
            if (read && !(read instanceof Error)) options.ahead?.(read);
          } catch {
            // a head start that failed: `handle` does the work itself in its turn
          }
        }
        return batch;
      };
      let reading = queue.length > 0 ? readNext() : undefined;
      try {
        while (reading) {
          const batch = await reading;
          reading = next < queue.length ? readNext() : undefined;
          reading?.catch(() => undefined); // awaited in its turn; the connection may fail while this batch is handled
          const taken: number[] = [];
          for (const uid of batch.uids) {
            const outcome = await handleOne(client, batch.messages.get(uid), handle);
            if (outcome === 'taken') taken.push(uid);
            else counts[outcome]++;
          }
          // Only once every taken message of the batch is stored: one command marks (and moves) them all.
          try {
            await markTaken(client, taken, processedPath);
            counts.taken += taken.length;
          } catch (error) {
            if (!client.usable) throw error;
            counts.failed += taken.length;
          }
        }
      } finally {
        await reading?.catch(() => undefined); // nothing is left reading when the lock is released
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return counts;
}
