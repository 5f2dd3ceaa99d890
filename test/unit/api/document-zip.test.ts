/**
 * The ZIP downloads of documents: one document's files, and an export that reads the store a page at a
 * time only as fast as the client takes the bytes. Read back with yauzl.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { documentsZip, documentZip } from '../../../src/api/sections/documents/zip.ts';
import { readZip } from '../../helpers/zip.ts';

const ISSUED = '2026-03-15T10:30:00-06:00';

function row(i: number, withResponse: boolean) {
  const clave = `506150326003101123456001000010100000${String(i).padStart(5, '0')}187654321`;
  // Incompressible bytes, so that the archive's size follows the documents' and backpressure shows.
  const signedXml = Buffer.concat([Buffer.from(`<FacturaElectronica>${i}</FacturaElectronica>`), randomBytes(20_000)]);
  return { id: 1000 - i, clave, issuedAt: ISSUED, signedXml, responseXml: withResponse ? Buffer.from(`<MensajeHacienda>${i}</MensajeHacienda>`) : null };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('documentZip', () => {
  it('holds the signed XML and the answer byte for byte, and the PDF stored as it is', async () => {
    const doc = row(1, true);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.3\n'), randomBytes(5000)]);
    const files = await readZip(await collect(documentZip(doc, pdf)));
    expect([...files.keys()]).toEqual([`${doc.clave}.xml`, `${doc.clave}_respuesta.xml`, `${doc.clave}.pdf`]);
    expect(files.get(`${doc.clave}.xml`)!.data.equals(doc.signedXml)).toBe(true);
    expect(files.get(`${doc.clave}_respuesta.xml`)!.data.equals(doc.responseXml!)).toBe(true);
    expect(files.get(`${doc.clave}.pdf`)).toMatchObject({ method: 0 });
    expect(files.get(`${doc.clave}.pdf`)!.data.equals(pdf)).toBe(true);
  });

  it('leaves out what a document does not have', async () => {
    const doc = row(2, false);
    expect([...(await readZip(await collect(documentZip(doc, undefined)))).keys()]).toEqual([`${doc.clave}.xml`]);
  });
});

describe('documentsZip', () => {
  it('reads the next page only when the client has taken the bytes before it', async () => {
    const pages = [0, 1, 2, 3].map((p) => Array.from({ length: 5 }, (_, i) => row(p * 5 + i, i % 2 === 0)));
    const pulled: number[] = [];
    function* source() {
      for (const [index, page] of pages.entries()) {
        pulled.push(index);
        yield page;
      }
    }
    const stream = documentsZip(source());
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nobody reads yet: the writer waits on the first page's bytes (100 kB) and has not read the others.
    expect(pulled).toEqual([0]);
    const files = await readZip(await collect(stream));
    expect(pulled).toEqual([0, 1, 2, 3]);
    const all = pages.flat();
    expect(files.size).toBe(all.length + all.filter((d) => d.responseXml).length);
    for (const doc of all) {
      expect(files.get(`${doc.clave}.xml`)!.data.equals(doc.signedXml)).toBe(true);
      if (doc.responseXml) expect(files.get(`${doc.clave}_respuesta.xml`)!.data.equals(doc.responseXml)).toBe(true);
      else expect(files.has(`${doc.clave}_respuesta.xml`)).toBe(false);
    }
  });

  it('stops reading the store when the client goes away', async () => {
    let pulled = 0;
    function* endless() {
      for (let p = 0; ; p++) {
        pulled++;
        yield Array.from({ length: 5 }, (_, i) => row(p * 5 + i, false));
      }
    }
    const stream = documentsZip(endless());
    stream.once('data', () => stream.destroy());
    await new Promise((resolve) => stream.on('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pulled).toBeLessThanOrEqual(2);
  });
});
