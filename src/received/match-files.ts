/**
 * One arrival's files put together by clave: each supplier document with the tax authority's answer and the
 * PDF that came with it. An answer is matched by the clave it names; a PDF by a clave or a consecutive in its
 * file name, or — when the arrival holds a single document — to that one, as suppliers' mail usually is.
 */
import type { ReceivedAnswer } from './answer-checks.ts';
import type { SupplierDocument, SupplierFile } from './read-supplier-file.ts';

export interface ReadFile {
  name: string;
  bytes: Buffer;
  read: SupplierFile;
}

export interface Arrival {
  document: SupplierDocument;
  file: string;
  answer?: { answer: ReceivedAnswer; xml: Buffer; file: string };
  pdf?: { bytes: Buffer; file: string };
}

export interface Matched {
  arrivals: Arrival[];
  /** Answers of documents not in this arrival: perhaps received before. */
  looseAnswers: { answer: ReceivedAnswer; xml: Buffer; file: string }[];
  /** PDFs of documents not in this arrival, by the clave their name gives. */
  loosePdfs: { clave: string; bytes: Buffer; file: string }[];
  /** The same document a second time in this arrival. */
  repeats: { name: string; clave: string }[];
  problems: { name: string; reason: string }[];
}

const CLAVE_IN_NAME = /(?<![0-9A-Z])[0-9A-Z]{50}(?![0-9A-Z])/;

function pdfOwner(name: string, arrivals: Arrival[]): Arrival | string | undefined {
  const clave = CLAVE_IN_NAME.exec(name)?.[0];
  if (clave) return arrivals.find((a) => a.document.clave === clave) ?? clave;
  const byConsecutive = arrivals.find((a) => name.includes(a.document.consecutive));
  if (byConsecutive) return byConsecutive;
  return arrivals.length === 1 ? arrivals[0] : undefined;
}

export function matchFiles(files: ReadFile[]): Matched {
  const matched: Matched = { arrivals: [], looseAnswers: [], loosePdfs: [], repeats: [], problems: [] };
  const byClave = new Map<string, Arrival>();
  for (const { name, read } of files) {
    if (read.kind === 'problem') matched.problems.push({ name, reason: read.reason });
    if (read.kind !== 'document') continue;
    if (byClave.has(read.document.clave)) {
      matched.repeats.push({ name, clave: read.document.clave });
      continue;
    }
    const arrival = { document: read.document, file: name };
    byClave.set(read.document.clave, arrival);
    matched.arrivals.push(arrival);
  }
  for (const { name, bytes, read } of files) {
    if (read.kind === 'answer') {
      const arrival = byClave.get(read.answer.message.clave);
      const answer = { answer: read.answer, xml: read.xml, file: name };
      // A second answer for the same document is judged against the stored one, like any later arrival.
      if (arrival && !arrival.answer) arrival.answer = answer;
      else matched.looseAnswers.push(answer);
    } else if (read.kind === 'pdf') {
      const owner = pdfOwner(name, matched.arrivals);
      if (typeof owner === 'string') matched.loosePdfs.push({ clave: owner, bytes, file: name });
      else if (owner && !owner.pdf) owner.pdf = { bytes, file: name };
      else if (owner) matched.loosePdfs.push({ clave: owner.document.clave, bytes, file: name });
      else matched.problems.push({ name, reason: 'a PDF that names no clave, in a mail with several documents: it cannot be told which one it prints' });
    }
  }
  return matched;
}
