/**
 * A document's files over real HTTP, with documents accepted by the local Hacienda simulator:
 * GET /documents/{key}/pdf (read back with pdftotext and pdfinfo, one page saved as a picture),
 * GET /documents/{key}/zip and GET /documents/export (read back with yauzl), their languages,
 * layouts, branding, abilities and error answers.
 */
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivering, type SeededOrganization, type TestServer } from './harness.ts';
import { pdfInfo, pdfText, savePagePicture } from '../helpers/pdf.ts';
import { readZip } from '../helpers/zip.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { createApiKey } from '../../src/store/api-keys.ts';
import { displayAmount } from '../../src/domain/amount-text.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';

const DAY = 86_400_000;

let simulator: Simulator;
let t: TestServer;
let org: SeededOrganization;
let invoice: Body;
let ticket: Body;
let shift = 0; // moves the server's clock (and the simulator's) back to issue documents on an earlier day
const clock = { now: () => new Date(Date.now() + shift) };

function example(name: string, at: Date, edit: (b: Body) => void = () => {}): Body {
  const body = exampleRequest(name, at);
  edit(body);
  return body;
}

/** The calendar day of an instant in Costa Rica (UTC−6, no daylight saving). */
const costaRicaDay = (at: Date): string => new Date(at.getTime() - 6 * 3_600_000).toISOString().slice(0, 10);

async function issue(body: Body): Promise<Body> {
  const res = await t.call('POST', '/electronic-documents', { key: org.key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Issues `body` on the day of its date: a document may only be dated earlier than its issue in situation 3. */
async function issueOnItsDate(body: Body): Promise<Body> {
  shift = Date.parse(body.document.date) + 1_000 - Date.now();
  try {
    return await issue(body);
  } finally {
    shift = 0;
  }
}

async function accepted(key: string): Promise<Body> {
  const end = Date.now() + 20_000;
  for (;;) {
    const doc = (await t.call('GET', `/electronic-documents/${key}`, { key: org.key })).body.data;
    if (doc.status === 'accepted' || Date.now() > end) return doc;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A download: the raw bytes, which the harness's `call` would read as text. */
async function download(path: string, options: { key?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${t.url}/api/v1${path}`, { headers: { authorization: `Bearer ${options.key ?? org.key}`, ...options.headers } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : undefined;
  return { status: res.status, headers: res.headers, bytes, json };
}

/** The text of a PDF with runs of spaces collapsed (columns read as `label value`). */
const textOf = (pdf: Buffer): string => pdfText(pdf, true).replace(/[ \t]+/g, ' ');

beforeAll(async () => {
  ({ simulator, t, org } = await startDelivering({ clock }));
  const now = Date.now();
  invoice = await issue(example('01-factura', new Date(now - 60_000)));
  ticket = await issue(example('04-tiquete', new Date(now - 30_000)));
  for (const d of [invoice, ticket]) expect((await accepted(d.document_key)).status).toBe('accepted');
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

describe('GET /documents/{key}/pdf', () => {
  it('answers an A4 PDF of an invoice, named after its clave, with what the stored XML says', async () => {
    const res = await download(`/documents/${invoice.document_key}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.document_key}.pdf"`);
    // Shown in the page instead of downloaded (the counter prints receipts from a frame), same bytes.
    const inline = await download(`/documents/${invoice.document_key}/pdf?disposition=inline`);
    expect(inline.headers.get('content-disposition')).toBe(`inline; filename="${invoice.document_key}.pdf"`);
    expect(pdfInfo(inline.bytes)).toEqual(pdfInfo(res.bytes));
    expect((await download(`/documents/${invoice.document_key}/pdf?disposition=open`)).status).toBe(400);
    expect(pdfInfo(res.bytes)).toMatchObject({ pages: 1, width: 595.28, height: 841.89 });
    savePagePicture(res.bytes, 'api-factura-a4');
    const view = (await t.call('GET', `/electronic-documents/${invoice.document_key}`, { key: org.key })).body.data;
    expect(view.pdf_path).toBe(`/api/v1/documents/${invoice.document_key}/pdf`);
    // White space flattened: a description wrapped in its cell reads whole.
    const text = textOf(res.bytes).replace(/\s+/g, ' ');
    for (const expected of [
      'Factura electrónica', invoice.document_key, invoice.consecutive_number, 'Soluciones Tecnológicas del Valle', 'Receptor: María José Rodríguez Solano',
      'Consultoría en gestión estratégica', 'Café tostado en grano', 'IVA Tarifa general 13%', 'IVA Tarifa reducida 1%', 'Tarjeta:',
      `Total del comprobante ₡${displayAmount(String(view.total_amount))}`, 'Aceptado por el Ministerio de Hacienda', 'PRUEBAS — SIN VALOR FISCAL',
    ]) expect(text).toContain(expected);
  });

  it('prints a ticket as an 80 mm receipt unless A4 is asked for, found by clave, consecutive or id', async () => {
    const receipt = await download(`/documents/${ticket.consecutive_number}/pdf`);
    expect(receipt.status).toBe(200);
    expect(pdfInfo(receipt.bytes).width).toBeCloseTo(226.77, 1);
    expect(textOf(receipt.bytes)).toContain(ticket.document_key);
    savePagePicture(receipt.bytes, 'api-tiquete-receipt');
    expect(pdfInfo((await download(`/documents/${ticket.id}/pdf?format=a4`)).bytes).width).toBeCloseTo(595.28, 1);
    expect(pdfInfo((await download(`/documents/${invoice.document_key}/pdf?format=receipt`)).bytes).width).toBeCloseTo(226.77, 1);
  });

  it('speaks English with lang=en or when Accept-Language prefers it, Spanish otherwise', async () => {
    const english = ['Electronic invoice', 'Document total ₡', 'Accepted by the tax authority', 'VAT general 13%'];
    for (const [query, headers] of [['?lang=en', {}], ['', { 'accept-language': 'en-US,en;q=0.9' }], ['?lang=en', { 'accept-language': 'es-CR' }]] as const) {
      const text = textOf((await download(`/documents/${invoice.document_key}/pdf${query}`, { headers })).bytes);
      for (const label of english) expect(text, `${query} ${JSON.stringify(headers)}`).toContain(label);
    }
    for (const [query, headers] of [['', { 'accept-language': 'es-CR, en;q=0.5' }], ['?lang=es', { 'accept-language': 'en' }], ['', {}]] as const) {
      expect(textOf((await download(`/documents/${invoice.document_key}/pdf${query}`, { headers })).bytes)).toContain('Total del comprobante ₡');
    }
    const bad = await download(`/documents/${invoice.document_key}/pdf?lang=fr&format=letter`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid_request');
  });

  it('wears the organization\'s branding: logo, colour and footer', async () => {
    const logo = (await QRCode.toBuffer('TecnoValle', { margin: 1, scale: 4 })).toString('base64');
    const res = await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { color: '#00695C', footer: 'Gracias por su compra — TecnoValle, San José', logo } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    try {
      const pdf = (await download(`/documents/${invoice.document_key}/pdf`)).bytes;
      expect(textOf(pdf)).toContain('Gracias por su compra — TecnoValle, San José');
      expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(true);
      savePagePicture(pdf, 'api-factura-branding');
    } finally {
      await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { color: '', footer: '', logo: '' } });
    }
  });

  it('answers 404 for an unknown document and 403 to a key that may not read its type', async () => {
    const missing = await download('/documents/99999999/pdf');
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('document_not_found');
    const ticketsOnly = createApiKey(t.server.core.store.db, { accountId: org.row.accountId, organizationId: org.row.id, name: 'tickets only', mode: 'test', abilities: ['tickets:read'], expiresAt: null }, new Date()).secret;
    const forbidden = await download(`/documents/${invoice.document_key}/pdf`, { key: ticketsOnly });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.error.code).toBe('forbidden');
    expect((await download(`/documents/${ticket.document_key}/pdf`, { key: ticketsOnly })).status).toBe(200);
  });
});

describe('GET /documents/{key}/zip', () => {
  it('holds the signed XML and the answer exactly as the single downloads serve them, and the PDF', async () => {
    const res = await download(`/documents/${invoice.document_key}/zip?lang=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.document_key}.zip"`);
    const files = await readZip(res.bytes);
    const key = invoice.document_key;
    expect([...files.keys()]).toEqual([`${key}.xml`, `${key}_respuesta.xml`, `${key}.pdf`]);
    const xml = await download(`/documents/${key}/xml`);
    const answer = await download(`/documents/${key}/response-xml`);
    expect(files.get(`${key}.xml`)!.data.equals(xml.bytes)).toBe(true);
    expect(files.get(`${key}_respuesta.xml`)!.data.equals(answer.bytes)).toBe(true);
    const pdf = files.get(`${key}.pdf`)!.data;
    expect(textOf(pdf)).toContain('Electronic invoice');
    expect(textOf(pdf)).toContain(key);
  });
});

describe('GET /documents/export', () => {
  const now = Date.now();
  const early = [new Date(now - 40 * DAY), new Date(now - 39 * DAY)];
  let old: Body[] = [];

  beforeAll(async () => {
    old = [
      await issueOnItsDate(example('04-tiquete', early[0]!)),
      await issueOnItsDate(example('01-factura', early[1]!)),
      await issueOnItsDate(example('04-tiquete', early[1]!, (b) => { b.api_config = { simulate: 'rejected' }; })),
    ];
    for (const d of old.slice(0, 2)) expect((await accepted(d.document_key)).status).toBe('accepted');
  });

  const range = (from: Date, to: Date) => `from=${costaRicaDay(from)}&to=${costaRicaDay(to)}`;

  it('streams the signed XML and answers of the documents of a date range, and only those', async () => {
    const res = await download(`/documents/export?${range(new Date(now - 45 * DAY), new Date(now - 30 * DAY))}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="comprobantes_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.zip"$/);
    const files = await readZip(res.bytes);
    const [oldTicket, oldInvoice, rejected] = old as [Body, Body, Body];
    expect([...files.keys()].sort()).toEqual([
      `${oldTicket.document_key}.xml`, `${oldTicket.document_key}_respuesta.xml`,
      `${oldInvoice.document_key}.xml`, `${oldInvoice.document_key}_respuesta.xml`,
      `${rejected.document_key}.xml`,
    ].sort());
    expect(files.get(`${oldInvoice.document_key}.xml`)!.data.equals((await download(`/documents/${oldInvoice.document_key}/xml`)).bytes)).toBe(true);
  });

  it('applies the filters of GET /documents: type, status, receiver', async () => {
    const all = range(new Date(now - 45 * DAY), new Date(now));
    const names = async (query: string) => [...(await readZip((await download(`/documents/export?${all}&${query}`)).bytes)).keys()].filter((n) => !n.includes('_respuesta')).sort();
    expect(await names('document_type=01')).toEqual([`${old[1]!.document_key}.xml`, `${invoice.document_key}.xml`].sort());
    expect(await names('document_type=04&status=rejected')).toEqual([`${old[2]!.document_key}.xml`]);
    expect(await names('receiver=114560789')).toEqual([`${old[1]!.document_key}.xml`, `${invoice.document_key}.xml`].sort());
  });

  it('answers the errors of a bad range, an empty one and a key without documents:export', async () => {
    for (const [query, status, code] of [
      ['from=2026-01-01', 400, 'missing_params'],
      ['from=2026-02-01&to=2026-01-01', 400, 'invalid_date'],
      ['from=2026-13-01&to=2026-01-01', 400, 'invalid_date'],
      ['from=2001-01-01&to=2001-12-31', 404, 'no_documents'],
    ] as const) {
      const res = await download(`/documents/export?${query}`);
      expect(res.status, query).toBe(status);
      expect(res.json.error.code, query).toBe(code);
    }
    const reader = createApiKey(t.server.core.store.db, { accountId: org.row.accountId, organizationId: org.row.id, name: 'reader', mode: 'test', abilities: ['invoices:read', 'tickets:read'], expiresAt: null }, new Date()).secret;
    const forbidden = await download(`/documents/export?${range(new Date(now - 45 * DAY), new Date(now))}`, { key: reader });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.error.code).toBe('forbidden');
  });
});
