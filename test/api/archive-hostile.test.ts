/**
 * Hostile archives against a real server: a ZIP bomb of big XML entries, documents of deep nesting and of too
 * many elements. Each is refused quickly, and the server's event loop stays free meanwhile — measured with
 * perf_hooks' monitorEventLoopDelay and by timing /status requests sent while the import runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { foreignDocument, zipOf } from '../fixtures/archive-documents.ts';
import { measuredStall } from '../helpers/loop-stall.ts';

let t: TestServer;
let org: SeededOrganization;

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
});
afterAll(() => t.close());

const NS = 'https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/facturaElectronica';

async function upload(zip: Buffer) {
  const res = await fetch(`${t.url}/api/v1/archive/import`, {
    method: 'POST', headers: { authorization: `Bearer ${org.key}`, 'content-type': 'application/zip' }, body: new Uint8Array(zip),
  });
  return { status: res.status, body: await res.json() as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The upload, with the longest event-loop stall and /status answer while it ran (test/helpers/loop-stall.ts). */
const measured = (zip: Buffer) => measuredStall(t.url, () => upload(zip));

describe('hostile archive imports', () => {
  it('refuses a ZIP bomb of three 15 MB XML entries at once, from its directory', async () => {
    const huge = Buffer.from(`<FacturaElectronica xmlns="${NS}">${'<a/>'.repeat(15 * 1024 * 1024 / 4)}</FacturaElectronica>`);
    const zip = await zipOf([['1.xml', huge], ['2.xml', huge], ['3.xml', huge]]);
    expect(zip.length).toBeLessThan(200_000);
    const { result, elapsed, maxStall, slowestStatus } = await measured(zip);
    expect(result).toMatchObject({ status: 413, body: { error: { code: 'file_too_large' } } });
    expect(elapsed).toBeLessThan(2_000);
    expect(maxStall).toBeLessThan(1_000);
    expect(slowestStatus).toBeLessThan(1_000);
  }, 30_000);

  it('lists deep nesting and too many elements as problems without building their DOM, and imports the real document', async () => {
    const doc = foreignDocument(1);
    const deep = Buffer.from(`<FacturaElectronica xmlns="${NS}">${'<a>'.repeat(30_000)}${'</a>'.repeat(30_000)}</FacturaElectronica>`);
    const many = Buffer.from(`<FacturaElectronica xmlns="${NS}">${'<a/>'.repeat(65_000)}</FacturaElectronica>`);
    const answer = Buffer.from(`<MensajeHacienda xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/mensajeHacienda">${'<a>'.repeat(80_000)}</MensajeHacienda>`);
    const files: [string, Buffer][] = [['real.xml', doc.xml]];
    for (let i = 0; i < 10; i++) files.push([`deep-${i}.xml`, deep], [`many-${i}.xml`, many], [`answer-${i}.xml`, answer]);
    const { result, elapsed, maxStall, slowestStatus } = await measured(await zipOf(files));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toMatchObject({ imported: 1, skipped: 0 });
    const reasons = Object.fromEntries((result.body.data.problems as { file: string; reason: string }[]).map((p) => [p.file, p.reason]));
    expect(Object.keys(reasons)).toHaveLength(30);
    expect(reasons['deep-0.xml']).toMatch(/nests elements more than 48 levels/);
    expect(reasons['many-0.xml']).toMatch(/more than 60000 elements/);
    expect(reasons['answer-0.xml']).toMatch(/nests elements/);
    expect(elapsed).toBeLessThan(3_000);
    expect(maxStall).toBeLessThan(1_000);
    expect(slowestStatus).toBeLessThan(1_000);
  }, 60_000);
});
