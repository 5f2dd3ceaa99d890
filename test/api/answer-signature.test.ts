/**
 * Who signed the tax authority's answer, shown with the document (beyond the spec, docs/documents-api.md):
 * over real HTTP with the local tax-authority simulator, a ticket is delivered and accepted, and
 * GET /electronic-documents/{key} says the answer's signature is valid but its chain not verified (the
 * Ministerio's intermediates are not published), naming the simulator's certificate. An answer altered
 * after signing still gives the document its verdict — it came over the authenticated API — and says so;
 * GET /hacienda/query judges the answer it fetches the same way.
 */
import { describe, expect, it } from 'vitest';
import { useDelivering } from './use-delivering.ts';
import { until } from '../unit/hacienda/fixtures.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';

const session = useDelivering();

async function deliveredTicket() {
  const { t, org } = session;
  const issued = await t.call('POST', '/electronic-documents', { key: org.key, body: exampleRequest('04-tiquete', new Date(Date.now() - 60_000)) });
  expect(issued.status, issued.text).toBe(201);
  const read = () => t.call('GET', `/electronic-documents/${issued.body.data.document_key}`, { key: org.key }).then((r) => r.body.data);
  return until(read, (doc) => doc.status === 'accepted' || doc.status === 'rejected', 20_000);
}

describe("the tax authority's signature on its answer", () => {
  it('is shown as valid with its chain not verified, naming the certificate that signed', async () => {
    const doc = await deliveredTicket();
    expect(doc.status).toBe('accepted');
    expect(doc.response_signature).toEqual({
      status: 'chain_not_verified',
      signer: expect.stringMatching(/CN=SIMULADOR HACIENDA - COMPROBANTES ELECTRONICOS.*O=MINISTERIO DE HACIENDA/),
      detail: expect.stringMatching(/self-signed/),
    });
  });

  it('does not stop the verdict of an answer that was altered, and says its signature is invalid', async () => {
    session.simulator.faults.tamperAnswers = true;
    try {
      const doc = await deliveredTicket();
      expect(doc).toMatchObject({ status: 'accepted', hacienda_status: 'accepted', hacienda_message: expect.stringMatching(/\(alterado\)$/) });
      expect(doc.response_signature).toMatchObject({ status: 'invalid', detail: expect.stringMatching(/digest/i) });
    } finally {
      session.simulator.faults.tamperAnswers = false;
    }
  });

  it('is judged too when the tax authority is asked about a clave now (GET /hacienda/query)', async () => {
    const doc = await deliveredTicket();
    const res = await session.t.call('GET', `/hacienda/query/${doc.document_key}`, { key: session.org.key });
    expect(res.body.data).toMatchObject({ status: 'accepted', response_signature: { status: 'chain_not_verified', signer: expect.stringMatching(/O=MINISTERIO DE HACIENDA/) } });
  });

  it('is described in the OpenAPI of the document', async () => {
    const spec = (await session.t.call('GET', '/openapi.json')).body;
    const view = spec.paths['/api/v1/electronic-documents/{key}'].get.responses['200'].content['application/json'].schema.properties.data.properties;
    expect(view.response_signature.description).toMatch(/who signed response_xml/);
  });
});
