/**
 * The files of one arrival (a mail's attachments, an upload, a folder's new files), with ZIPs opened: a
 * supplier often sends the XML, the answer and the PDF zipped together. A ZIP is read with the archive's
 * limits, tightened to what one mail can hold, and all the ZIPs of an arrival share one budget of files and
 * bytes (many small ZIPs must not add up to gigabytes); what fails them is a problem of its own, never the
 * end of the others.
 */
import { ZipReader, type ImportLimits } from '../archive/zip-reader.ts';
import { UNTRUSTED_XML_LIMITS } from '../domain/xml-limits.ts';

export interface IncomingFile {
  name: string;
  bytes: Buffer;
}

/** A mail or an upload is documents, not an archive: a few hundred files, tens of megabytes. */
export const ARRIVAL_ZIP_LIMITS: ImportLimits = {
  maxFiles: 1_000,
  maxFileBytes: Math.max(UNTRUSTED_XML_LIMITS.maxBytes, 10 * 1024 * 1024), // a PDF may be larger than any XML
  maxRatio: 100,
  maxTotalBytes: 64 * 1024 * 1024,
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A ZIP's local file header starts the bytes. */
export const isZip = (bytes: Buffer) => bytes.subarray(0, 4).equals(ZIP_MAGIC);

export interface Unpacked {
  files: IncomingFile[];
  problems: { name: string; reason: string }[];
}

/** What the ZIPs of one arrival may still unpack to. */
interface Budget {
  files: number;
  bytes: number;
}

async function openZipFile(zip: IncomingFile, into: Unpacked, budget: Budget, limits: ImportLimits): Promise<void> {
  try {
    const reader = await ZipReader.open(zip.bytes, limits);
    await reader.forEach(async (entry, _index, read) => {
      if (entry.fileName.endsWith('/')) return;
      const name = `${zip.name}/${entry.fileName}`;
      if (budget.files <= 0 || entry.uncompressedSize > budget.bytes) {
        into.problems.push({ name, reason: `not opened: the ZIPs of one arrival unpack to at most ${limits.maxFiles} files and ${Math.round(limits.maxTotalBytes / 1024)} KiB` });
        return;
      }
      try {
        const bytes = await read();
        budget.files -= 1;
        budget.bytes -= bytes.length;
        into.files.push({ name, bytes });
      } catch (error) {
        into.problems.push({ name, reason: error instanceof Error ? error.message : String(error) });
      }
    });
  } catch (error) {
    into.problems.push({ name: zip.name, reason: error instanceof Error ? error.message : String(error) });
  }
}

/** Every file, ZIPs replaced by their entries (one level: a ZIP inside a ZIP is not opened). */
export async function unpack(files: IncomingFile[], limits: ImportLimits = ARRIVAL_ZIP_LIMITS): Promise<Unpacked> {
  const out: Unpacked = { files: [], problems: [] };
  const budget: Budget = { files: limits.maxFiles, bytes: limits.maxTotalBytes };
  for (const file of files) {
    if (isZip(file.bytes)) await openZipFile(file, out, budget, limits);
    else out.files.push(file);
  }
  return out;
}
