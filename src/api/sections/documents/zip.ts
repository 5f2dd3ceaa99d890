/**
 * ZIP downloads of documents, written straight into the response: one document's files
 * (GET /documents/{key}/zip), or the XML of every document a filter selects (GET /documents/export),
 * read from the store a page at a time as the client takes the bytes, so neither the archive nor the
 * documents are ever all in memory.
 */
import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { ZipWriter, type ZipSink } from '../../../archive/zip-writer.ts';
import type { DocumentRow } from '../../../store/documents.ts';
import { pdfFileName, responseXmlFileName, signedXmlFileName } from '../../../domain/document-paths.ts';

type Files = Pick<DocumentRow, 'clave' | 'issuedAt' | 'signedXml' | 'responseXml'>;

/** ZIP times carry no zone: the document's issue instant is what its users expect to see. */
function mtime(row: Pick<DocumentRow, 'issuedAt'>): Date {
  const at = new Date(row.issuedAt);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/** The output stream, failing the response if yazl fails. */
function output(zip: ZipFile): Readable {
  const out = new PassThrough();
  zip.on('error', (error: Error) => out.destroy(error));
  return zip.outputStream.pipe(out);
}

/** One document: its signed XML, the tax authority's answer when there is one, and its PDF when it has one. */
export function documentZip(row: Files, pdf: Buffer | undefined): Readable {
  const zip = new ZipFile();
  const at = mtime(row);
  zip.addBuffer(row.signedXml, signedXmlFileName(row.clave), { mtime: at });
  if (row.responseXml) zip.addBuffer(row.responseXml, responseXmlFileName(row.clave), { mtime: at });
  // A PDF's streams are compressed already: deflating it again costs time and saves nothing.
  if (pdf) zip.addBuffer(pdf, pdfFileName(row.clave), { mtime: at, compress: false });
  zip.end();
  return output(zip);
}

/** The response as a ZipSink: a write waits while the client is behind, and fails once it has gone. */
function responseSink(out: PassThrough): ZipSink {
  return {
    async write(bytes) {
      if (out.destroyed) throw new Error('the client closed the download');
      if (out.write(bytes)) return;
      await new Promise<void>((resolve, reject) => {
        const settle = (): void => {
          out.off('drain', settle);
          out.off('close', settle);
          if (out.destroyed) reject(new Error('the client closed the download'));
          else resolve();
        };
        out.on('drain', settle);
        out.on('close', settle);
      });
    },
  };
}

/**
 * The signed XML and answers of every document in `pages` (read one page at a time, when the client has
 * taken the bytes of the one before). Written with the fiscal archive's ZipWriter: it streams each
 * entry as it is added and keeps ~100 bytes per entry, where yazl keeps every entry and rescans them all
 * for each file, which grows quadratically with a long date range.
 */
export function documentsZip(pages: Iterable<Files[]>): Readable {
  const out = new PassThrough();
  const zip = new ZipWriter(responseSink(out));
  void (async () => {
    for (const rows of pages) {
      for (const row of rows) {
        await zip.add(signedXmlFileName(row.clave), row.signedXml, mtime(row));
        if (row.responseXml) await zip.add(responseXmlFileName(row.clave), row.responseXml, mtime(row));
      }
    }
    await zip.finish();
    out.end();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
