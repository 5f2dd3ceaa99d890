/**
 * Reading suppliers' messages from the selected IMAP mailbox a batch at a time (imap-inbox.ts polls): one FETCH
 * of the batch's envelopes and body structures, then one FETCH of the attachments of every message whose parts
 * are numbered alike. A command costs a round trip to the server, and the connection carries one at a time:
 * three commands a message left the poll waiting on the wire more than on verifying and storing.
 * Only XML, PDF and ZIP parts are read, within limits known before a byte is downloaded (the body structure
 * gives each part's size). A batch that the server or the parser refuses is read again a message at a time,
 * so that one bad message fails alone.
 */
import type { FetchMessageObject, ImapFlow, MessageStructureObject } from 'imapflow';
import type { IncomingFile } from './unpack.ts';

export interface MailLimits {
  /** A message larger than this is not downloaded at all. */
  maxMessageBytes: number;
  /** Attachments per message. */
  maxAttachments: number;
  /** Messages per poll: a full mailbox is drained over several polls. */
  maxMessages: number;
}

export interface MailMessage {
  /** The Message-ID header, or `uid:<uid>` when the message has none. */
  id: string;
  files: IncomingFile[];
  /** Why the message's content was not read (too large, too many attachments). */
  refused?: string;
}

/** Messages per batch: enough that a command's round trip is shared, few enough to start storing soon. */
const BATCH_MESSAGES = 25;
/** A batch's messages are held in memory until stored: a batch stops here (it holds at least one message). */
const BATCH_BYTES = 16 * 1024 * 1024;

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

/** What the first FETCH tells of a message: refused already, or the numbered parts to download. */
interface Heading {
  uid: number;
  id: string;
  size: number;
  parts: (MessageStructureObject & { part: string })[];
  refused?: string;
}

export type Read = MailMessage | Error;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

function headingOf(uid: number, message: FetchMessageObject | false | undefined, limits: MailLimits): Heading {
  const id = (message && message.envelope?.messageId) || `uid:${uid}`;
  if (!message) return { uid, id, size: 0, parts: [], refused: 'the message disappeared while it was read' };
  const size = message.size ?? 0;
  if (size > limits.maxMessageBytes) {
    return { uid, id, size: 0, parts: [], refused: `the message is ${Math.round(size / 1048576)} MiB; mail over ${limits.maxMessageBytes / 1048576} MiB is not read` };
  }
  const parts = attachmentParts(message.bodyStructure);
  if (parts.length > limits.maxAttachments) return { uid, id, size: 0, parts: [], refused: `the message has ${parts.length} attachments; at most ${limits.maxAttachments} are read` };
  return { uid, id, size, parts: parts.filter((p): p is Heading['parts'][number] => p.part !== undefined) };
}

const HEADING_QUERY = { envelope: true, bodyStructure: true, size: true } as const;

/**
 * The headings of `uids`, in one FETCH. A message the answer leaves out, or every message when the FETCH
 * fails, is asked again by itself (and is found gone, or read as before batches).
 */
async function headingsOf(client: ImapFlow, uids: number[], limits: MailLimits): Promise<(Heading | Error)[]> {
  const rows = new Map<number, FetchMessageObject>();
  try {
    // Rows without a body structure are the server's news about flags, not the answer.
    for (const row of await client.fetchAll(uids, HEADING_QUERY, { uid: true })) if (row.bodyStructure) rows.set(row.uid, row);
  } catch (error) {
    if (!client.usable) throw error;
  }
  const headings: (Heading | Error)[] = [];
  for (const uid of uids) {
    const row = rows.get(uid);
    headings.push(row ? headingOf(uid, row, limits) : await client.fetchOne(String(uid), HEADING_QUERY, { uid: true }).then((m) => headingOf(uid, m, limits), asError));
  }
  return headings;
}

/** The batch: the first headings up to BATCH_BYTES of mail (always the first one). */
function within(headings: (Heading | Error)[]): (Heading | Error)[] {
  let bytes = 0;
  const kept: (Heading | Error)[] = [];
  for (const heading of headings) {
    bytes += heading instanceof Error ? 0 : heading.size;
    if (kept.length > 0 && bytes > BATCH_BYTES) break;
    kept.push(heading);
  }
  return kept;
}

/**
 * A part as it was sent, decoded here when its transfer encoding is plain or base64 (nearly every attachment);
 * undefined for another encoding (quoted-printable), which imapflow's own decoder reads (downloadPart).
 */
function decoded(raw: Buffer, encoding: string | undefined): Buffer | undefined {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      // As imapflow's decoder does: whatever is not of the base64 alphabet (line breaks) is skipped.
      return Buffer.from(raw.toString('latin1').replace(/[^A-Za-z0-9+/=]+/g, ''), 'base64');
    case '7bit':
    case '8bit':
    case 'binary':
      return raw;
    default:
      return undefined;
  }
}

async function downloadPart(client: ImapFlow, uid: number, part: string, limits: MailLimits): Promise<Buffer | undefined> {
  const downloaded = await client.download(String(uid), part, { uid: true, maxBytes: limits.maxMessageBytes });
  if (!downloaded.content) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of downloaded.content as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A message's files from its parts as fetched (`raw`, by part number), or part by part where `raw` lacks them. */
async function filesOf(client: ImapFlow, heading: Heading, raw: Map<string, Buffer> | undefined, limits: MailLimits): Promise<IncomingFile[]> {
  const files: IncomingFile[] = [];
  for (const part of heading.parts) {
    const fetched = raw?.get(part.part.toLowerCase());
    const bytes = (fetched && decoded(fetched, part.encoding)) ?? (await downloadPart(client, heading.uid, part.part, limits));
    if (bytes) files.push({ name: fileName(part) ?? `part-${part.part}`, bytes });
  }
  return files;
}

/** Messages with the same part numbers (most suppliers' mail: one XML, or an XML and a PDF) share one FETCH. */
async function readGroup(client: ImapFlow, group: Heading[], limits: MailLimits, out: Map<number, Read>): Promise<void> {
  const raw = new Map<number, Map<string, Buffer>>();
  try {
    const rows = await client.fetchAll(group.map((h) => h.uid), { bodyParts: group[0]!.parts.map((p) => p.part) }, { uid: true });
    // A server may answer one message in several rows, or add a row of its own about flags.
    for (const row of rows) {
      const parts = raw.get(row.uid) ?? new Map<string, Buffer>();
      for (const [key, bytes] of row.bodyParts ?? []) parts.set(key, bytes);
      raw.set(row.uid, parts);
    }
  } catch (error) {
    if (!client.usable) throw error;
    // refused as a whole: each message is downloaded by itself below
  }
  // A message the answer left out is downloaded part by part, as every message was before batches.
  for (const heading of group) {
    try {
      out.set(heading.uid, { id: heading.id, files: await filesOf(client, heading, raw.get(heading.uid), limits) });
    } catch (error) {
      if (!client.usable) throw error;
      out.set(heading.uid, asError(error));
    }
  }
}

/**
 * Reads the next batch of `uids` (the first BATCH_MESSAGES, fewer where their size passes BATCH_BYTES): each
 * message read, refused with its reason, or the error that kept it from being read. Rejects only when the
 * connection is gone. `taken` is how many of `uids` the batch holds, in order.
 */
export async function readBatch(client: ImapFlow, uids: number[], limits: MailLimits): Promise<{ taken: number; messages: Map<number, Read> }> {
  const headings = within(await headingsOf(client, uids.slice(0, BATCH_MESSAGES), limits));
  const messages = new Map<number, Read>();
  const groups = new Map<string, Heading[]>();
  for (const [i, heading] of headings.entries()) {
    if (heading instanceof Error) messages.set(uids[i]!, heading);
    else if (heading.refused || heading.parts.length === 0) messages.set(heading.uid, { id: heading.id, files: [], ...(heading.refused && { refused: heading.refused }) });
    else {
      const key = heading.parts.map((p) => p.part).join(' ');
      groups.set(key, [...(groups.get(key) ?? []), heading]);
    }
  }
  for (const group of groups.values()) await readGroup(client, group, limits, messages);
  return { taken: headings.length, messages };
}
