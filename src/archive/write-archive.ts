/**
 * Writes the fiscal-archive ZIP of an organization, environment and range of issue dates:
 *   documents/<clave>.xml            signed XML of each document issued here, the exact stored bytes
 *   documents/<clave>_respuesta.xml  the tax authority's answer, when there is one
 *   imported/<clave>.xml             documents imported from another provider, as received
 *   imported/<clave>_respuesta.xml   their answers, when imported with them
 *   index.csv                        one line per document (export-index.ts)
 * The store is read a page at a time and each entry goes to disk as it is added, so memory stays flat
 * whatever the number of documents. The ZIP is built as `<file>.part`, fsynced and only then renamed:
 * a crash leaves at most a `.part` file (which the next attempt overwrites), never a short `<file>`.
 */
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Db } from '../store/database.ts';
import { importedArchivePage, issuedArchivePage, type ArchiveScope, type ImportedArchiveRow, type IssuedArchiveRow } from '../store/archive-pages.ts';
import { parseZonedDateTime } from '../domain/costa-rica-time.ts';
import { documentTypeName } from '../documents/issue.ts';
import { answerVerdict } from './answer-verdict.ts';
import { CsvIndex, type IndexRow } from './export-index.ts';
import { FileSink } from './file-sink.ts';
import { ZipWriter } from './zip-writer.ts';
import { responseXmlFileName, signedXmlFileName } from '../domain/document-paths.ts';

export interface ArchiveRange {
  organizationId: number;
  environment: string;
  /** First and last issue day in Costa Rica, YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
}

export interface ArchiveSummary {
  documents: number;
  sizeBytes: number;
}

export interface WriteArchiveOptions {
  /** Called after each page with the number of documents written so far. */
  onProgress?: (documents: number) => void;
  /** Documents read per query (default 200: ~2 MB of XML, ~20 ms of compression between two yields). */
  pageSize?: number;
  /** Time stamp of the index entry. */
  now?: Date;
}

/** The day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export function archiveScope(range: ArchiveRange): ArchiveScope {
  return { organizationId: range.organizationId, environment: range.environment, from: range.from, until: nextDay(range.to) };
}

const instant = (text: string | null, fallback: Date): Date => (text ? parseZonedDateTime(text) : undefined) ?? fallback;

function issuedLine(row: IssuedArchiveRow, xmlFile: string, responseFile: string | null): IndexRow {
  return {
    source: 'issued', clave: row.clave, consecutive: row.consecutive, document_type: row.documentType,
    document_type_name: documentTypeName(row.documentType), issued_at: row.issuedAt, status: row.status,
    hacienda_status: row.haciendaStatus, hacienda_response_at: row.haciendaResponseAt,
    issuer_identification: row.issuerIdentification, issuer_name: row.issuerName,
    receiver_identification: row.receiverIdentification, receiver_name: row.receiverName, currency: row.currency,
    exchange_rate: row.exchangeRate, net_amount: row.netAmount, tax_amount: row.taxAmount, total_amount: row.totalAmount,
    xml_file: xmlFile, response_file: responseFile,
  };
}

/** Imported documents have no delivery state here: their status is the verdict of the answer imported with them. */
function importedLine(row: ImportedArchiveRow, xmlFile: string, responseFile: string | null): IndexRow {
  const verdict = row.responseXml ? answerVerdict(row.responseXml) : null;
  return {
    source: 'imported', clave: row.clave, consecutive: row.consecutive, document_type: row.documentType,
    document_type_name: documentTypeName(row.documentType), issued_at: row.issuedAt, status: verdict ?? 'imported',
    hacienda_status: verdict, hacienda_response_at: null,
    issuer_identification: row.issuerIdentification, issuer_name: row.issuerName,
    receiver_identification: row.receiverIdentification, receiver_name: row.receiverName, currency: row.currency,
    exchange_rate: null, net_amount: null, tax_amount: null, total_amount: row.totalAmount,
    xml_file: xmlFile, response_file: responseFile,
  };
}

type Row = IssuedArchiveRow | ImportedArchiveRow;

/** Every page of one table: `read(afterId)` until a short page. */
async function eachPage<R extends Row>(read: (afterId: number) => R[], pageSize: number, handle: (rows: R[]) => Promise<void>): Promise<void> {
  for (let afterId = 0; ;) {
    const rows = read(afterId);
    if (rows.length === 0) return;
    await handle(rows);
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1]!.id;
    // Let the API answer between pages: the compression of a page runs on the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function syncDirectory(path: string): Promise<void> {
  // Makes the rename itself durable; not every platform can open a directory (Windows), hence best effort.
  const handle = await open(path, 'r').catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}

/** Adds the documents of a page to the ZIP and the index. */
async function addPage<R extends Row>(
  target: { zip: ZipWriter; index: CsvIndex; now: Date }, folder: string, rows: R[],
  line: (row: R, xmlFile: string, responseFile: string | null) => IndexRow,
): Promise<void> {
  const { zip, index, now } = target;
  for (const row of rows) {
    const issuedAt = instant(row.issuedAt, now);
    const xmlFile = `${folder}/${signedXmlFileName(row.clave)}`;
    await zip.add(xmlFile, row.signedXml, issuedAt);
    let responseFile: string | null = null;
    if (row.responseXml) {
      responseFile = `${folder}/${responseXmlFileName(row.clave)}`;
      await zip.add(responseFile, row.responseXml, instant('haciendaResponseAt' in row ? row.haciendaResponseAt : null, issuedAt));
    }
    index.add(line(row, xmlFile, responseFile));
  }
  await index.flush();
}

export async function writeArchiveZip(db: Db, range: ArchiveRange, file: string, options: WriteArchiveOptions = {}): Promise<ArchiveSummary> {
  const pageSize = options.pageSize ?? 200;
  const now = options.now ?? new Date();
  const scope = archiveScope(range);
  const part = `${file}.part`;
  const sink = await FileSink.create(part);
  try {
    const target = { zip: new ZipWriter(sink), index: new CsvIndex(), now };
    const progress = () => options.onProgress?.(target.index.rows);
    await eachPage((after) => issuedArchivePage(db, scope, after, pageSize), pageSize, async (rows) => {
      await addPage(target, 'documents', rows, issuedLine);
      progress();
    });
    await eachPage((after) => importedArchivePage(db, scope, after, pageSize), pageSize, async (rows) => {
      await addPage(target, 'imported', rows, importedLine);
      progress();
    });
    await target.zip.addDeflated('index.csv', await target.index.finish(), now);
    const sizeBytes = await target.zip.finish();
    await sink.close();
    await rename(part, file);
    await syncDirectory(dirname(file));
    return { documents: target.index.rows, sizeBytes };
  } catch (error) {
    await sink.abandon();
    await rm(part, { force: true });
    throw error;
  }
}
