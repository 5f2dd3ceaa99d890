/**
 * /api/v1/openapi.json tells a POS integrator everything (issue 13): every operation declares the answer of
 * its success status and every part of the request it reads — a JSON body on POST/PUT/PATCH (unless listed
 * below as taking none), every path parameter, and a query string wherever the route reads one. A route
 * added without them fails here, named by method and path. The document request is described member by
 * member, with an example the reader accepts, yet the reader (not a schema validator) still answers a bad one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type TestServer } from './harness.ts';
import { DocumentRequestBody } from '../../src/api/sections/documents/request-schema.ts';
import { DraftValidationBody } from '../../src/api/sections/hacienda/schemas.ts';
import { ReceptorMessageBody } from '../../src/api/sections/receiver-messages/schemas.ts';

interface Operation {
  parameters?: { in: string; name: string; description?: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

/** POST routes whose request is the path (and query) alone: an action on what the path names. */
const TAKES_NO_BODY = new Set([
  'POST /api/v1/backups', // take a backup now
  'POST /api/v1/webhooks/{id}/test',
  'POST /api/v1/webhooks/{id}/regenerate-secret',
  'POST /api/v1/webhooks/{id}/deliveries/{delivery}/redeliver',
  'POST /api/v1/settings/mailbox/poll', // read the suppliers' mailbox now
  'POST /api/v1/settings/received-folder/scan', // scan the watched folder now
  'POST /api/v1/printers/{id}/test', // print the test page
  'POST /api/v1/settings/head-office/sync', // replicate with the head office now
]);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operations(spec: { paths: Record<string, Record<string, Operation>> }): [string, Operation][] {
  return Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.entries(ops).filter(([method]) => METHODS.includes(method)).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]));
}

/** A success answer with a schema for its content, or a 204 declared as carrying none. */
function declaresSuccess(op: Operation): boolean {
  return Object.entries(op.responses ?? {}).some(([status, response]) =>
    status === '204' ? response.content === undefined : /^2\d\d$/.test(status) && Object.values(response.content ?? {}).some((c) => c.schema !== undefined));
}

function declaresBody(op: Operation): boolean {
  return Object.values(op.requestBody?.content ?? {}).some((c) => c.schema !== undefined);
}

/** Path parameters that @fastify/swagger made up from the URL (no schema declared them: no description). */
function undeclaredPathParameters(path: string, op: Operation): string[] {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  return names.filter((name) => !op.parameters?.some((p) => p.in === 'path' && p.name === name && p.description));
}

describe('GET /api/v1/openapi.json describes every route', () => {
  let t: TestServer;
  let ops: [string, Operation][];
  let key: string;
  beforeAll(async () => {
    t = await startTestServer();
    key = seedOrganization(t).key;
    const res = await t.call('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    ops = operations(res.body);
  });
  afterAll(async () => t.close());

  it('lists the API routes', () => {
    expect(ops.length).toBeGreaterThan(80);
    expect(ops.map(([name]) => name)).toContain('POST /api/v1/electronic-documents');
  });

  it('declares the answer of every success status', () => {
    expect(ops.filter(([, op]) => !declaresSuccess(op)).map(([name]) => name)).toEqual([]);
  });

  it('declares the body of every POST, PUT and PATCH that reads one', () => {
    const missing = ops.filter(([name, op]) => /^(POST|PUT|PATCH) /.test(name) && !TAKES_NO_BODY.has(name) && !declaresBody(op));
    expect(missing.map(([name]) => name)).toEqual([]);
  });

  it('takes no body where it says so', () => {
    const listed = ops.filter(([name]) => TAKES_NO_BODY.has(name));
    expect(listed.map(([name]) => name).sort()).toEqual([...TAKES_NO_BODY].sort());
    expect(listed.filter(([, op]) => op.requestBody?.content?.['application/json'] !== undefined).map(([name]) => name)).toEqual([]);
  });

  it('declares every path parameter, with a description', () => {
    const missing = ops.flatMap(([name, op]) => undeclaredPathParameters(name.split(' ')[1]!, op).map((p) => `${name} {${p}}`));
    expect(missing).toEqual([]);
  });

  it('gives every operation the error envelope, and the POSTs that issue a document the idempotency header', () => {
    expect(ops.filter(([, op]) => op.responses?.['default'] === undefined).map(([name]) => name)).toEqual([]);
    const issuing = ['POST /api/v1/electronic-documents', 'POST /api/v1/receptor-messages', 'POST /api/v1/documents/{key}/void'];
    const withHeader = ops.filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'X-Idempotency-Key')).map(([name]) => name);
    expect(withHeader.sort()).toEqual(issuing.sort());
  });

  it('describes the document request a POS sends, member by member', () => {
    const issue = ops.find(([name]) => name === 'POST /api/v1/electronic-documents')![1];
    const body = issue.requestBody!.content!['application/json']!.schema as { properties: Record<string, { items?: { properties: Record<string, unknown> } }> };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['document', 'commercial_info', 'issuer', 'receiver', 'items', 'reference', 'totals', 'other_charges', 'delivery', 'api_config', 'callback_url']));
    const item = Object.keys(body.properties['items']!.items!.properties);
    expect(item).toEqual(expect.arrayContaining(['cabys_code', 'quantity', 'unit', 'description', 'price', 'tax', 'discount', 'exoneration', 'surtido_items', 'price_includes_vat']));
    expect(issue.responses!['201']!.content!['application/json']).toBeDefined();
  });

  it('shows an example document request that the reader accepts', async () => {
    const issue = ops.find(([name]) => name === 'POST /api/v1/electronic-documents')![1];
    const { example } = issue.requestBody!.content!['application/json'] as { example: { document: object } };
    const body = { ...example, document: { ...example.document, date: new Date().toISOString() } };
    const res = await t.call('POST', '/hacienda/validate', { key, body });
    expect(res.body.data, res.text).toMatchObject({ valid: true });
  });

  it('leaves the document request to the reader, which reports every problem at once', async () => {
    // Against the schema twice over (no document block, items not a list): the reader answers, not fastify.
    const res = await t.call('POST', '/electronic-documents', { key, body: { commercial_info: { currency: 'CRC' }, items: 'none' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.errors)).toEqual(expect.arrayContaining(['document.date', 'commercial_info.sale_condition', 'issuer', 'items']));
  });
});

describe('the descriptive request schemas (documentation only: no validator ever compiles them)', () => {
  it('are valid JSON Schema, strictly', () => {
    const ajv = new Ajv({ strict: true, validateFormats: false });
    for (const schema of [DocumentRequestBody, DraftValidationBody, ReceptorMessageBody]) expect(() => ajv.compile(schema)).not.toThrow();
  });
});

/** Route files: every `.ts` under src/api that declares routes (`app.get(`, `app.post(`…). */
function routeSources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return routeSources(path);
    return path.endsWith('.ts') && /\bapp\.(get|post|put|patch|delete)\(/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

/**
 * Each API route's source, from its `app.<method>(` to the next one, named by file and first line. Routes
 * hidden from the OpenAPI (the browser's pages and session, `hide: true`) are not the API's.
 */
function routeChunks(): { name: string; text: string }[] {
  const root = new URL('../../src/api', import.meta.url).pathname;
  return routeSources(root).flatMap((file) => readFileSync(file, 'utf8').split(/(?=\bapp\.(?:get|post|put|patch|delete)\()/).slice(1)
    .filter((text) => !/\bhide: true\b|\bHIDDEN\b/.test(text))
    .map((text) => ({ name: `${file.slice(root.length + 1)}: ${text.split('\n')[0]}`, text })));
}

describe('the route sources agree with their schemas', () => {
  it('has a querystring schema beside every handler that reads request.query', () => {
    const missing = routeChunks().filter(({ text }) => /\brequest\.query\b/.test(text) && !/\bquerystring\s*:/.test(text));
    expect(missing.map(({ name }) => name)).toEqual([]);
  });

  it('declares the answer of the success status the handler sends (201, 202…), not another', () => {
    const mismatched = routeChunks().flatMap(({ name, text }) => [...text.matchAll(/\.code\((2\d\d)\)/g)]
      .map((m) => m[1]!).filter((status) => !new RegExp(`\\b${status}\\s*:`).test(text)).map((status) => `${name} (${status})`));
    expect(mismatched).toEqual([]);
  });
});
