/**
 * The fiscal archive over real HTTP: retention classes, exports built by the outbox job (documents accepted
 * by the local tax-authority simulator, so with their answers) and their ZIP compared byte for byte with the
 * document endpoints, download errors and expiry, imports of another installation's signed XML with
 * duplicates and bad files, and the CLI round trip between two data directories.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startDelivering, activatePlan, type SeededOrganization, type TestServer } from './harness.ts';
import { foreignDocument, signedAnswer, zipOf } from '../fixtures/archive-documents.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';
import { readZip } from '../helpers/zip.ts';
import { until } from '../unit/hacienda/fixtures.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { formatCostaRicaDateTime } from '../../src/domain/costa-rica-time.ts';
import { localAccount } from '../../src/store/accounts.ts';
import { createApiKey } from '../../src/store/api-keys.ts';
import { archiveExports } from '../../src/store/schema.ts';
import { ORGANIZATION_ABILITIES } from '../../src/api/abilities.ts';
import { DATABASE_FILE, openStore } from '../../src/store/database.ts';
import { insertOrganization } from '../../src/store/organizations.ts';
import { runCli } from '../../src/cli.ts';
import type { Output } from '../../src/cli/output.ts';
import { matrixDatabase, withDatabaseUrl } from '../helpers/postgres.ts';

const DAY = 24 * 60 * 60 * 1000;

let simulator: Simulator;
let t: TestServer;
let org: SeededOrganization;
let shift = 0; // moves the server's clock forward (expiry)
const clock = { now: () => new Date(Date.now() + shift) };
const today = () => formatCostaRicaDateTime(new Date()).slice(0, 10);
const dayOffset = (days: number) => formatCostaRicaDateTime(new Date(Date.now() + days * DAY)).slice(0, 10);

/** Documents issued in beforeAll: clave -> status once settled. */
const issued = new Map<string, string>();

function request(name: string, edit: (b: Body) => void = () => {}): Body {
  const body = exampleRequest(name, new Date(Date.now() - 60_000));
  edit(body);
  return body;
}

async function upload(path: string, body: Buffer, options: { key?: string; type?: string; idempotencyKey?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${options.key ?? org.key}`, 'content-type': options.type ?? 'application/zip' };
  if (options.idempotencyKey) headers['x-idempotency-key'] = options.idempotencyKey;
  const res = await fetch(`${t.url}/api/v1${path}`, { method: 'POST', headers, body: new Uint8Array(body) });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.json() as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function download(id: string, key = org.key) {
  const res = await fetch(`${t.url}/api/v1/archive/exports/${id}/download`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Every entry's bytes by name. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Map([...(await readZip(bytes))].map(([name, entry]) => [name, entry.data]));
}

function csvRows(csv: Buffer): Record<string, string>[] {
  const text = csv.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = text.slice(1).split('\r\n').filter(Boolean);
  const columns = header!.split(',');
  // The fixtures hold no quoted commas: a plain split reads them.
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i]!, v])));
}

async function exportAndWait(body: Record<string, unknown>, key = org.key) {
  const created = await t.call('POST', '/archive/exports', { key, body });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return until(() => t.call('GET', `/archive/exports/${created.body.data.id}`, { key }).then((r) => r.body.data),
    (e) => e.status !== 'pending' && e.status !== 'running', 20_000);
}

function liveKey(abilities: string[] = [...ORGANIZATION_ABILITIES]): string {
  const db = t.server.core.store.db;
  return createApiKey(db, { accountId: localAccount(db, new Date()).id, organizationId: org.row.id, name: 'live', mode: 'live', abilities, expiresAt: null }, new Date()).secret;
}

const importedRows = () => t.server.core.store.db.$client.prepare('SELECT clave, environment, signed_xml, response_xml, source_file FROM imported_documents ORDER BY id').all() as
  { clave: string; environment: string; signed_xml: Buffer; response_xml: Buffer | null; source_file: string }[];

beforeAll(async () => {
  ({ simulator, t, org } = await startDelivering({ clock }));
  const bodies = [
    request('04-tiquete.json'),
    request('04-tiquete.json'),
    request('01-factura.json'),
    request('04-tiquete.json', (b) => (b.api_config = { simulate: 'rejected' })), // a verdict without a response XML
  ];
  for (const body of bodies) {
    const res = await t.call('POST', '/electronic-documents', { key: org.key, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    issued.set(res.body.data.document_key, 'processing');
  }
  for (const clave of issued.keys()) {
    const doc = await until(() => t.call('GET', `/electronic-documents/${clave}`, { key: org.key }).then((r) => r.body.data), (d) => d.status === 'accepted' || d.status === 'rejected', 20_000);
    issued.set(clave, doc.status);
  }
}, 60_000);

afterAll(async () => {
  await t.close();
  await simulator.close();
});

describe('GET /archive', () => {
  it('is internal for test keys, standard or archive for live keys as the account says', async () => {
    const staging = await t.call('GET', '/archive', { key: org.key });
    expect(staging.body.data).toMatchObject({ class: 'internal', years: 5, environment: 'staging', archive_enabled: false });
    expect(staging.body.data.description).toMatch(/no fiscal value/);
    activatePlan(t);
    const live = liveKey();
    expect((await t.call('GET', '/archive', { key: live })).body.data).toMatchObject({ class: 'standard', environment: 'production' });
    const enabled = await t.call('POST', '/account/archive', { key: t.accountKey, body: { enabled: true } });
    expect(enabled.status).toBe(200);
    expect((await t.call('GET', '/archive', { key: live })).body.data).toMatchObject({ class: 'archive', archive_enabled: true });
    await t.call('POST', '/account/archive', { key: t.accountKey, body: { enabled: false } });
  });

  it('needs documents:export', async () => {
    const key = seedOrganization(t, { identificationNumber: '3101000001' }, { abilities: ['settings:read'] }).key;
    expect((await t.call('GET', '/archive', { key })).body.error.code).toBe('forbidden');
  });

  it('no route deletes a document or an archive export (OpenAPI lists every route)', async () => {
    const spec = (await t.call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const deletable = Object.entries(spec.paths).filter(([path, ops]) => 'delete' in ops && /documents|archive|receptor/.test(path)).map(([path]) => path);
    expect(deletable).toEqual([]);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/v1/archive/exports/{id}/download', '/api/v1/archive/import']));
  });
});

describe('archive exports', () => {
  let exportId: string;

  it('builds the ZIP in the background: pending, then ready with its size and download window', async () => {
    const created = await t.call('POST', '/archive/exports', { key: org.key, body: { from: dayOffset(-1), to: dayOffset(1) } });
    expect(created.status).toBe(202);
    expect(created.body.data).toMatchObject({ environment: 'staging', from: dayOffset(-1), to: dayOffset(1), status: 'pending', documents: null });
    exportId = created.body.data.id;
    const ready = await until(() => t.call('GET', `/archive/exports/${exportId}`, { key: org.key }).then((r) => r.body.data), (e) => e.status === 'ready', 20_000);
    expect(ready).toMatchObject({ status: 'ready', documents: issued.size, error: null });
    expect(ready.size_bytes).toBeGreaterThan(1000);
    expect(Date.parse(ready.expires_at) - Date.parse(ready.finished_at)).toBe(7 * DAY);
    const list = await t.call('GET', '/archive/exports?per_page=5', { key: org.key });
    expect(list.body.data[0].id).toBe(exportId);
    expect(list.body.pagination).toMatchObject({ current_page: 1, per_page: 5 });
  });

  it('holds each signed XML and answer byte for byte as the document endpoints serve them, and the index', async () => {
    const res = await download(exportId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="archivo-fiscal-3101123456-staging-${dayOffset(-1)}_${dayOffset(1)}.zip"`);
    expect(Number(res.headers.get('content-length'))).toBe(res.bytes.length);
    const files = await unzip(res.bytes);
    for (const [clave, status] of issued) {
      const xml = await fetch(`${t.url}/api/v1/documents/${clave}/xml`, { headers: { authorization: `Bearer ${org.key}` } });
      expect(files.get(`documents/${clave}.xml`)!.equals(Buffer.from(await xml.arrayBuffer()))).toBe(true);
      const answer = await fetch(`${t.url}/api/v1/documents/${clave}/response-xml`, { headers: { authorization: `Bearer ${org.key}` } });
      if (answer.status === 200) expect(files.get(`documents/${clave}_respuesta.xml`)!.equals(Buffer.from(await answer.arrayBuffer()))).toBe(true);
      else expect(files.has(`documents/${clave}_respuesta.xml`)).toBe(false);
      expect(status).toMatch(/accepted|rejected/);
    }
    const rows = csvRows(files.get('index.csv')!);
    expect(rows).toHaveLength(issued.size);
    for (const row of rows) {
      const doc = (await t.call('GET', `/electronic-documents/${row['clave']}`, { key: org.key })).body.data;
      expect(row).toMatchObject({
        source: 'issued', consecutive: doc.consecutive_number, document_type: doc.document_type, status: doc.status,
        issuer_identification: '3101123456', currency: doc.currency, xml_file: `documents/${doc.document_key}.xml`,
        response_file: doc.response_xml ? `documents/${doc.document_key}_respuesta.xml` : '',
      });
      expect(Number(row['total_amount'])).toBe(doc.total_amount);
    }
    expect([...files.keys()].filter((f) => f.endsWith('_respuesta.xml'))).toHaveLength([...issued.values()].filter((s) => s === 'accepted').length);
  });

  it('exports an empty range as an index without rows', async () => {
    const done = await exportAndWait({ from: '2020-01-01', to: '2020-01-31' });
    expect(done).toMatchObject({ status: 'ready', documents: 0 });
    const files = await unzip((await download(done.id)).bytes);
    expect([...files.keys()]).toEqual(['index.csv']);
    expect(csvRows(files.get('index.csv')!)).toEqual([]);
  });

  it('refuses bad ranges and production for a test key', async () => {
    const reversed = await t.call('POST', '/archive/exports', { key: org.key, body: { from: '2026-02-01', to: '2026-01-01' } });
    expect(reversed.status).toBe(422);
    expect(reversed.body.error.errors).toHaveProperty('to');
    expect((await t.call('POST', '/archive/exports', { key: org.key, body: { from: '2026-02-30', to: '2026-03-01' } })).status).toBe(422);
    expect((await t.call('POST', '/archive/exports', { key: org.key, body: { to: '2026-03-01' } })).body.error.errors).toHaveProperty('from');
    const production = await t.call('POST', '/archive/exports', { key: org.key, body: { from: '2026-01-01', to: '2026-01-31', environment: 'production' } });
    expect(production.body.error.code).toBe('live_key_required');
  });

  it('answers 409 until ready, 409 when failed, 404 for exports of others', async () => {
    const db = t.server.core.store.db;
    const row = (status: string, organizationId = org.row.id) => {
      const id = randomUUID();
      db.insert(archiveExports).values({ id, organizationId, environment: 'staging', from: '2026-01-01', to: '2026-01-31', status, error: status === 'failed' ? 'disk full' : null, createdAt: new Date().toISOString() }).run();
      return id;
    };
    const pending = await download(row('pending'));
    expect(pending.status).toBe(409);
    expect(JSON.parse(pending.bytes.toString()).error.code).toBe('export_not_ready');
    const failed = await download(row('failed'));
    expect(failed.status).toBe(409);
    expect(JSON.parse(failed.bytes.toString()).error).toMatchObject({ code: 'export_failed', message: expect.stringContaining('disk full') });
    const other = seedOrganization(t, { identificationNumber: '3101000002' });
    expect((await download(row('ready', other.row.id))).status).toBe(404);
    expect((await t.call('GET', `/archive/exports/${randomUUID()}`, { key: org.key })).body.error.code).toBe('not_found');
    expect((await t.call('GET', '/archive/exports/not-a-uuid', { key: org.key })).status).toBe(404);
    // A live key may export staging too, and sees both environments' exports.
    activatePlan(t);
    const live = liveKey();
    expect((await t.call('GET', `/archive/exports/${exportId}`, { key: live })).status).toBe(200);
  });
});

describe('POST /archive/import', () => {
  const mine = foreignDocument(1); // issued by the organization through another provider
  const bought = foreignDocument(2, { issuerId: '3101654321', receiverId: '3101123456' }); // a supplier's, to the organization
  const stranger = foreignDocument(3, { issuerId: '3101999999' });
  const tampered = Buffer.from(foreignDocument(4).xml.toString().replace('Consultoría', 'Consultoria'));
  const mineAnswer = signedAnswer(mine.clave);
  let zip: Buffer;

  beforeAll(async () => {
    // The organization accepted the supplier's invoice here when it came, in June 2025 (a receiver message with
    // the invoice's clave, dated the moment it is made): the invoice itself is still not in the archive, and imports.
    shift = Date.parse('2025-06-16T09:00:00-06:00') - Date.now();
    const accepted = await t.call('POST', '/receptor-messages', { key: org.key, body: {
      ...exampleRequest('receptor-mensaje'),
      clave: bought.clave, issuer_id: '3101654321', issue_date: '2025-06-15T10:30:00-06:00',
    } }).finally(() => (shift = 0));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const issuedHere = Buffer.from(await (await fetch(`${t.url}/api/v1/documents/${[...issued.keys()][0]}/xml`, { headers: { authorization: `Bearer ${org.key}` } })).arrayBuffer());
    zip = await zipOf([
      ['otro-proveedor/', Buffer.alloc(0)],
      [`otro-proveedor/${mine.clave}.xml`, mine.xml],
      [`otro-proveedor/${bought.clave}.xml`, bought.xml],
      [`otro-proveedor/copia-${mine.clave}.xml`, mine.xml],
      ['otro-proveedor/de-aqui.xml', issuedHere],
      [`respuestas/${mine.clave}-respuesta.xml`, mineAnswer],
      ['respuestas/huerfana.xml', signedAnswer(foreignDocument(9).clave)],
      ['otro-proveedor/ajeno.xml', stranger.xml],
      ['otro-proveedor/alterado.xml', tampered],
      ['otro-proveedor/notas.txt', Buffer.from('Facturas de 2025, exportadas del sistema anterior.')],
      ['otro-proveedor/raro.xml', Buffer.from('<Pedido xmlns="urn:pedidos"><Numero>1</Numero></Pedido>')],
      ['__MACOSX/._notas.txt', Buffer.from('mac')],
    ]);
  });

  it('stores the organization\'s signed documents as received, pairs the answer, and lists every bad file', async () => {
    const before = importedRows().length;
    const res = await upload('/archive/import', zip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 2, skipped: 2, responses: 1 });
    // The test CA and the simulator are no Costa Rican authorities: valid signatures, chains not verified.
    expect(res.body.data.chain_not_verified).toBe(3);
    expect(res.body.data.notes[0]).toEqual({ file: `otro-proveedor/${mine.clave}.xml`, reason: expect.stringMatching(/^signature valid, chain not verified: /) });
    const problems = Object.fromEntries((res.body.data.problems as { file: string; reason: string }[]).map((p) => [p.file, p.reason]));
    expect(Object.keys(problems).sort()).toEqual(['otro-proveedor/ajeno.xml', 'otro-proveedor/alterado.xml', 'otro-proveedor/notas.txt', 'otro-proveedor/raro.xml', 'respuestas/huerfana.xml']);
    expect(problems['otro-proveedor/ajeno.xml']).toMatch(/neither its issuer/);
    expect(problems['otro-proveedor/alterado.xml']).toMatch(/signature does not verify/);
    expect(problems['otro-proveedor/notas.txt']).toMatch(/not an XML document/);
    expect(problems['otro-proveedor/raro.xml']).toMatch(/unknown root element <Pedido>/);
    expect(problems['respuestas/huerfana.xml']).toMatch(/neither in this upload nor in the archive/);
    const rows = importedRows().slice(before);
    expect(rows.map((r) => r.clave)).toEqual([mine.clave, bought.clave]);
    expect(rows[0]!.signed_xml.equals(mine.xml)).toBe(true);
    expect(rows[0]!.response_xml!.equals(mineAnswer)).toBe(true);
    expect(rows[0]!.source_file).toBe(`otro-proveedor/${mine.clave}.xml`);
    expect(rows[1]!.response_xml).toBeNull();
    expect(rows.every((r) => r.environment === 'staging')).toBe(true);
  });

  it('skips everything the second time, writing nothing (the content type Windows browsers give .zip files)', async () => {
    const before = importedRows().length;
    const res = await upload('/archive/import', zip, { type: 'application/x-zip-compressed' });
    expect(res.body.data).toMatchObject({ imported: 0, skipped: 4, responses: 0 });
    expect(res.body.data.problems).toHaveLength(5);
    expect(importedRows()).toHaveLength(before);
  });

  it('tells uploads apart by their bytes for X-Idempotency-Key', async () => {
    const key = `import-${randomUUID()}`;
    const first = await upload('/archive/import', zip, { idempotencyKey: key });
    const replay = await upload('/archive/import', zip, { idempotencyKey: key });
    expect(replay.replayed).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);
    const other = await upload('/archive/import', await zipOf([['x.xml', Buffer.from('<x/>')]]), { idempotencyKey: key });
    expect(other.body.error.code).toBe('idempotency_key_reused');
  });

  it('puts imported documents in exports under imported/, with their answer', async () => {
    const done = await exportAndWait({ from: '2025-06-01', to: '2025-06-30' });
    expect(done).toMatchObject({ status: 'ready', documents: 3 });
    const files = await unzip((await download(done.id)).bytes);
    expect(files.get(`imported/${mine.clave}.xml`)!.equals(mine.xml)).toBe(true);
    expect(files.has(`imported/${mine.clave}_respuesta.xml`)).toBe(true);
    // The supplier's invoice and the receiver message about it share a clave, in separate folders.
    expect(files.get(`imported/${bought.clave}.xml`)!.equals(bought.xml)).toBe(true);
    expect(files.has(`documents/${bought.clave}.xml`)).toBe(true);
    const rows = csvRows(files.get('index.csv')!);
    expect(rows.map((r) => [r['source'], r['document_type'], r['clave'], r['status']])).toEqual([
      ['issued', '05', bought.clave, expect.any(String)], ['imported', '01', mine.clave, 'accepted'], ['imported', '01', bought.clave, 'imported'],
    ]);
    expect(rows[1]).toMatchObject({ issued_at: '2025-06-15T10:30:00-06:00', issuer_identification: '3101123456', net_amount: '' });
  });

  it('refuses what is not a ZIP, too large a file inside one, and a ZIP claiming a million entries, writing nothing', async () => {
    const before = importedRows().length;
    const json = await t.call('POST', '/archive/import', { key: org.key, body: { files: [] } });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe('unsupported_media_type');
    const empty = await fetch(`${t.url}/api/v1/archive/import`, { method: 'POST', headers: { authorization: `Bearer ${org.key}` } });
    expect(empty.status).toBe(415);
    const garbage = await upload('/archive/import', Buffer.from('this is not a zip archive at all'));
    expect(garbage).toMatchObject({ status: 400, body: { error: { code: 'invalid_archive' } } });
    const bomb = await zipOf([[`${mine.clave}.xml`, mine.xml], ['zeros.xml', Buffer.alloc(20 * 1024 * 1024)]]);
    expect(bomb.length).toBeLessThan(100_000);
    const refused = await upload('/archive/import', bomb);
    expect(refused).toMatchObject({ status: 413, body: { error: { code: 'file_too_large' } } });
    expect(refused.body.error.message).toMatch(/zeros\.xml/);
    expect((await upload('/archive/import', claimsEntries(1_000_000))).body.error.code).toBe('too_many_files');
    expect(importedRows()).toHaveLength(before);
  });

  it('needs settings:manage, and the fiscal archive for production', async () => {
    const reader = seedOrganization(t, { identificationNumber: '3101000003' }, { abilities: ['documents:export'] }).key;
    expect((await upload('/archive/import', zip, { key: reader })).body.error.code).toBe('forbidden');
    activatePlan(t);
    const live = liveKey();
    const own = foreignDocument(20);
    const production = await zipOf([[`${own.clave}.xml`, own.xml]]);
    expect((await upload('/archive/import', production, { key: live })).body.error.code).toBe('archive_not_enabled');
    await t.call('POST', '/account/archive', { key: t.accountKey, body: { enabled: true } });
    const res = await upload('/archive/import', production, { key: live });
    expect(res.body.data).toMatchObject({ imported: 1, skipped: 0, problems: [] });
    expect(importedRows().at(-1)).toMatchObject({ clave: own.clave, environment: 'production' });
  });
});

/** A ZIP64 end of central directory announcing `count` entries (and nothing else). */
function claimsEntries(count: number): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(0n, 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([record, locator, end]);
}

describe('expiry', () => {
  it('a ready export past its window reads expired, answers 410, and its file is removed', async () => {
    const done = await exportAndWait({ from: dayOffset(-1), to: today() });
    expect(done.status).toBe('ready');
    const file = join(t.dataDir, 'exports', `${done.id}.zip`);
    expect(existsSync(file)).toBe(true);
    shift = 8 * DAY;
    expect((await t.call('GET', `/archive/exports/${done.id}`, { key: org.key })).body.data.status).toBe('expired');
    const gone = await download(done.id);
    expect(gone.status).toBe(410);
    expect(JSON.parse(gone.bytes.toString()).error.code).toBe('export_expired');
    t.server.core.outbox.wake();
    const stored = () => t.server.core.store.db.$client.prepare('SELECT status, file_path FROM archive_exports WHERE id = ?').get(done.id) as { status: string };
    // The file goes first, the row changes with the job's completion.
    expect(await until(async () => stored(), (row) => row.status === 'expired', 10_000)).toEqual({ status: 'expired', file_path: null });
    expect(existsSync(file)).toBe(false);
    shift = 0;
  });
});

describe('facturador archive (CLI)', () => {
  const other = mkdtempSync(join(tmpdir(), 'facturador-archive-cli-'));
  // The other installation's store: its own database on the matrix's PostgreSQL side.
  const otherDatabase = matrixDatabase();
  afterAll(() => {
    otherDatabase?.drop();
    rmSync(other, { recursive: true, force: true });
  });
  const cli = (args: string[], out: Output) => withDatabaseUrl(args.includes(other) ? otherDatabase?.url : t.databaseUrl, () => runCli(args, out));
  const output = () => {
    const lines: string[] = [];
    return { lines, out: { write: (s: string) => void lines.push(s), error: (s: string) => void lines.push(`ERR ${s}`) } };
  };

  it('exports from one data directory and imports into another installation of the same taxpayer', async () => {
    const zipFile = join(other, 'archivo.zip');
    const exported = output();
    const code = await cli(['archive', 'export', '--from', dayOffset(-1), '--to', dayOffset(1), '--out', zipFile, '--environment', 'staging', '--organization', '3101123456', '--data-dir', t.dataDir], exported.out);
    expect(code, exported.lines.join('\n')).toBe(0);
    expect(exported.lines[0]).toMatch(new RegExp(`archivo\\.zip: ${issued.size} documents of 3101123456 \\(staging`));
    const files = await unzip(readFileSync(zipFile));
    expect(files.size).toBeGreaterThan(issued.size);

    // The other installation: its own store and the same organization.
    const store = openStore(otherDatabase?.url ?? join(other, DATABASE_FILE));
    const now = new Date().toISOString();
    insertOrganization(store.db, { uuid: randomUUID(), accountId: localAccount(store.db, new Date()).id, name: 'SolTec', identificationType: '02', identificationNumber: '3101123456', email: 'a@b.cr', createdAt: now, updatedAt: now });
    store.close();
    const imported = output();
    const importCode = await cli(['archive', 'import', zipFile, '--environment', 'staging', '--data-dir', other], imported.out);
    expect(importCode, imported.lines.join('\n')).toBe(0);
    const answers = [...files.keys()].filter((f) => f.endsWith('_respuesta.xml')).length;
    expect(imported.lines[0]).toBe(`${issued.size} imported, 0 skipped, ${answers} answers stored, 0 problems (3101123456, staging)`);

    const again = output();
    expect(await cli(['archive', 'import', zipFile, '--environment', 'staging', '--data-dir', other], again.out)).toBe(0);
    expect(again.lines[0]).toMatch(new RegExp(`^0 imported, ${issued.size} skipped`));

    const reexport = output();
    const second = join(other, 'de-vuelta.zip');
    expect(await cli(['archive', 'export', '--from', dayOffset(-1), '--to', dayOffset(1), '--out', second, '--environment', 'staging', '--data-dir', other], reexport.out)).toBe(0);
    const back = await unzip(readFileSync(second));
    for (const clave of issued.keys()) expect(back.get(`imported/${clave}.xml`)!.equals(files.get(`documents/${clave}.xml`)!)).toBe(true);
  });

  it('says what is wrong with its arguments', async () => {
    const bad = output();
    expect(await cli(['archive', 'export', '--from', '2026-02-01', '--to', '2026-01-01', '--out', 'x.zip', '--data-dir', other], bad.out)).toBe(2);
    expect(bad.lines.join('\n')).toMatch(/to on or after from/);
    const unreal = output(); // a day that does not exist would export nothing without a word
    expect(await cli(['archive', 'export', '--from', '2026-02-30', '--to', '2026-03-01', '--out', 'x.zip', '--data-dir', other], unreal.out)).toBe(2);
    const missing = output();
    expect(await cli(['archive', 'import', join(other, 'nope.zip'), '--data-dir', other], missing.out)).toBe(2);
    expect(missing.lines.join('\n')).toMatch(/not a readable ZIP/i);
    const nowhere = output();
    expect(await cli(['archive', 'export', '--from', '2026-01-01', '--to', '2026-01-31', '--out', join(other, 'no', 'such', 'x.zip'), '--environment', 'staging', '--organization', '3101123456', '--data-dir', t.dataDir], nowhere.out)).toBe(1);
    expect(nowhere.lines.join('\n')).toMatch(/ENOENT/);
  });
});
