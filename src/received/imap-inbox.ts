/**
 * Suppliers' mail, fetched from an organization's IMAP mailbox (imapflow). Each message not yet taken is
 * read for its attachments only — XML, PDF and ZIP parts, by type or file name — within limits known before a
 * byte is downloaded (the body structure gives each part's size), and handed over with its Message-ID.
 * Once the handler has stored what it could, the message is marked as taken (the `$Facturador` keyword) or
 * moved to the "processed" folder; a handler that fails leaves it for the next poll, so nothing is lost.
 */
import { ImapFlow, type MessageStructureObject } from 'imapflow';
import type { IncomingFile } from './unpack.ts';

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

export interface MailLimits {
  /** A message larger than this is not downloaded at all. */
  maxMessageBytes: number;
  /** Attachments per message. */
  maxAttachments: number;
  /** Messages per poll: a full mailbox is drained over several polls. */
  maxMessages: number;
}

export const DEFAULT_MAIL_LIMITS: MailLimits = { maxMessageBytes: 25 * 1024 * 1024, maxAttachments: 50, maxMessages: 200 };

/** The IMAP keyword of a message Facturador has taken. */
export const TAKEN_KEYWORD = '$Facturador';

export interface MailMessage {
  /** The Message-ID header, or `uid:<uid>` when the message has none. */
  id: string;
  files: IncomingFile[];
  /** Why the message's content was not read (too large, too many attachments). */
  refused?: string;
}

/** What to do with a message once handled: `taken` marks or moves it; `keep` leaves it for the next poll. */
export type MailVerdict = 'taken' | 'keep';

const WANTED_TYPES = new Set(['application/xml', 'text/xml', 'application/pdf', 'application/zip', 'application/x-zip-compressed']);
const WANTED_NAMES = /\.(xml|pdf|zip)$/i;

function fileName(part: MessageStructureObject): string | undefined {
  return part.dispositionParameters?.filename ?? part.parameters?.name;
}

/** The leaf parts that may be a supplier's files: by content type, or by a file name such a file has. */
export function attachmentParts(node: MessageStructureObject | undefined): MessageStructureObject[] {
  if (!node) return [];
  if (node.childNodes?.length) return node.childNodes.flatMap(attachmentParts);
  const name = fileName(node);
  return WANTED_TYPES.has(node.type.toLowerCase()) || (name !== undefined && WANTED_NAMES.test(name)) ? [node] : [];
}

async function readMessage(client: ImapFlow, uid: number, limits: MailLimits): Promise<MailMessage> {
  const message = await client.fetchOne(String(uid), { envelope: true, bodyStructure: true, size: true }, { uid: true });
  const id = (message && message.envelope?.messageId) || `uid:${uid}`;
  if (!message) return { id, files: [], refused: 'the message disappeared while it was read' };
  if ((message.size ?? 0) > limits.maxMessageBytes) {
    return { id, files: [], refused: `the message is ${Math.round((message.size ?? 0) / 1048576)} MiB; mail over ${limits.maxMessageBytes / 1048576} MiB is not read` };
  }
  const parts = attachmentParts(message.bodyStructure);
  if (parts.length > limits.maxAttachments) return { id, files: [], refused: `the message has ${parts.length} attachments; at most ${limits.maxAttachments} are read` };
  const files: IncomingFile[] = [];
  for (const part of parts) {
    if (!part.part) continue;
    const downloaded = await client.download(String(uid), part.part, { uid: true, maxBytes: limits.maxMessageBytes });
    if (!downloaded.content) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of downloaded.content as AsyncIterable<Buffer>) chunks.push(chunk);
    files.push({ name: fileName(part) ?? `part-${part.part}`, bytes: Buffer.concat(chunks) });
  }
  return { id, files };
}

/** Marks the message taken first, so that a move that fails still leaves it known; then moves it if asked. */
async function markTaken(client: ImapFlow, uid: number, processedPath: string | undefined): Promise<void> {
  await client.messageFlagsAdd(String(uid), [TAKEN_KEYWORD], { uid: true });
  if (processedPath) await client.messageMove(String(uid), processedPath, { uid: true });
}

/** The processed folder's path in the server's own separator, created when missing. */
async function processedPathOf(client: ImapFlow, folder: string | undefined): Promise<string | undefined> {
  if (!folder) return undefined;
  return (await client.mailboxCreate(folder.split('/').filter(Boolean))).path;
}

/** A message being read: its promise is settled (never rejected) so that it can be started ahead of its turn. */
type Reading = Promise<MailMessage | Error>;

const startReading = (client: ImapFlow, uid: number, limits: MailLimits): Reading =>
  readMessage(client, uid, limits).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));

async function takeOne(
  client: ImapFlow, uid: number, reading: Reading, processedPath: string | undefined, handle: (message: MailMessage) => Promise<MailVerdict>,
): Promise<'taken' | 'kept' | 'failed'> {
  try {
    const message = await reading;
    if (message instanceof Error) throw message;
    const verdict = await handle(message);
    if (verdict === 'taken') await markTaken(client, uid, processedPath);
    return verdict === 'taken' ? 'taken' : 'kept';
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
      // The next message is read from the server while this one is verified and stored: the two overlap.
      const queue = uids.slice(0, limits.maxMessages);
      let reading = queue.length > 0 ? startReading(client, queue[0]!, limits) : undefined;
      for (let i = 0; i < queue.length; i++) {
        const current = reading!;
        reading = i + 1 < queue.length ? startReading(client, queue[i + 1]!, limits) : undefined;
        counts[await takeOne(client, queue[i]!, current, processedPath, handle)]++;
      }
      await reading; // nothing is left reading when the lock is released
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return counts;
}
