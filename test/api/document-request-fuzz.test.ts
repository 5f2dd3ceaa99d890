/**
 * Property-based fuzz of the whole request tree of POST /electronic-documents.
 *
 * For every example of examples/requests/ (01, 02, 03, 04, 08, 09, 10), made valid for today — dated a few
 * seconds ago and issued by the seeded organization (on a purchase invoice, 08, the buyer: the receiver) —
 * it proves:
 *   1. the example is accepted (201), and so is its "full" variant, which also carries the optional members
 *      the examples leave out (branch, terminal, line numbers, commercial codes, discounts, an exoneration,
 *      pack components, phones, totals, delivery, api_config, callback_url, environment), so that their
 *      subtrees are mutated too — as the annex allows them: a pack line's tax and discount are its
 *      components', its price their sum, and an exoneration only where there is VAT;
 *   2. every mutation of either base is answered 201 with a document_key, or a 4xx in the spec's error
 *      envelope (`success: false`, `error.code`, `error.message`, `api_version`): never a 5xx, never a body
 *      that is not JSON. The mutations are
 *        a. a sweep: every path of the JSON tree (each object member and array element, at any depth) under
 *           each single mutation — deleted; null, '', ' ', [], {}, 0, -1, -0.000001, 1e308, '1e400', 10 000
 *           characters, control characters, true; a number as a string and back; an object for a scalar and
 *           back; a 2 000-element array; an unknown member; the array repeated to 2, 1 000 and 1 001 elements;
 *        b. seeded fast-check compositions of one to four of those, of values copied from other paths of the
 *           body, of more odd values and of random JSON;
 *   3. a refused request takes no consecutive: for each (branch, terminal, document type) the counter moved
 *      by exactly the number of 201 answers, and the returned and stored consecutives are 1..n, gap-free.
 *
 * No request carries X-Idempotency-Key; the key is a test key (the full variants ask for simulated verdicts)
 * and the harness does not deliver. A failure lists each distinct bad answer with its example, base,
 * mutation (paths and values), the response, and the error the server logged when the request was replayed
 * alone: enough to reproduce it by hand (the fast-check seed is SEED below).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seedOrganization, startTestServer, type Reply, type SeededOrganization, type TestServer } from './harness.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { EXAMPLE_NAMES, exampleRequest } from '../fixtures/example-requests.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Path = (string | number)[];

const EXAMPLES = EXAMPLE_NAMES;
type ExampleName = (typeof EXAMPLES)[number];
type Variant = 'example' | 'full';
const VARIANTS: Variant[] = ['example', 'full'];

/** The organization's cédula jurídica: not the examples' own, so that adapting the parties is exercised too. */
const ORG_ID = '3101654321';
/** fast-check seed of the compound mutations (deterministic runs). */
const SEED = 20_261_126;
/** Compound mutations per example and base. */
const COMPOUND_RUNS = 500;
/** Requests in flight at once. */
const CONCURRENCY = 16;
/** At most this many failures per example are replayed alone, to read what the server logged. */
const REPLAYS = 2_000;

// ---------------------------------------------------------------------------------------------------------
// The JSON tree
// ---------------------------------------------------------------------------------------------------------

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const showPath = (path: Path): string => path.join('.');

/** Every object member and array element at any depth, parents before their children. */
function treePaths(value: Json, prefix: Path = []): Path[] {
  const children: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : isObject(value) ? Object.entries(value) : [];
  return children.flatMap(([key, child]) => [[...prefix, key], ...treePaths(child, [...prefix, key])]);
}

function valueAt(root: Json, path: Path): Json | undefined {
  let node: Json | undefined = root;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key];
    else if (isObject(node) && typeof key === 'string' && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** The container that holds `path`, when it still exists and is of the right kind. */
function parentOf(root: Json, path: Path): { parent: JsonObject | Json[]; key: string | number } | undefined {
  const parent = valueAt(root, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof key === 'number' && key < parent.length) return { parent, key };
  if (isObject(parent) && typeof key === 'string') return { parent, key };
  return undefined;
}

/** Sets a member or element as an own property (so that names like `__proto__` are sent as members). */
function setAt(root: Json, path: Path, value: Json): boolean {
  const at = parentOf(root, path);
  if (!at) return false;
  Object.defineProperty(at.parent, at.key, { value, enumerable: true, writable: true, configurable: true });
  return true;
}

function deleteAt(root: Json, path: Path): boolean {
  const at = parentOf(root, path);
  if (!at || valueAt(root, path) === undefined) return false;
  if (Array.isArray(at.parent)) at.parent.splice(at.key as number, 1);
  else delete at.parent[at.key as string];
  return true;
}

/** Long text shortened, with its length. */
const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 20)}…${text.slice(-12)} (${text.length} chars)`);

/** A value as a reader can take it in: long strings and arrays shortened, with their size. */
function preview(value: Json | undefined, max = 120): string {
  if (Array.isArray(value) && value.length > 20) return `[${preview(value[0], 40)}, … ${value.length} elements]`;
  return clip(value === undefined ? 'undefined' : JSON.stringify(value), max);
}

// ---------------------------------------------------------------------------------------------------------
// The bases: each example made valid for now, and its full variant
// ---------------------------------------------------------------------------------------------------------

/** Now minus a few seconds, as a Costa Rica local time with its offset (2026-11-26T01:59:55-06:00). */
function costaRicaNow(): string {
  return `${new Date(Date.now() - 5_000 - 6 * 3_600_000).toISOString().slice(0, 19)}-06:00`;
}

const member = (obj: Json | undefined, name: string): JsonObject => {
  const value = isObject(obj) ? obj[name] : undefined;
  if (!isObject(value)) throw new Error(`the example has no object ${name}`);
  return value;
};

/** The example, issued by the organization (the receiver of a purchase invoice: the buyer issues it). */
function exampleBase(name: ExampleName): JsonObject {
  const body = exampleRequest(name) as JsonObject; // dated again, to the second, by freshBase
  const document = member(body, 'document');
  const ownParty = member(body, document['document_type'] === '08' ? 'receiver' : 'issuer');
  ownParty['type'] = '02';
  ownParty['id'] = ORG_ID;
  return body;
}

const EXONERATION: JsonObject = {
  document_type: '04',
  document_number: 'AL-00012345-26',
  institution: '01',
  emission_date: '2026-01-15T08:00:00-06:00',
  article: 5,
  inciso: 2,
};

/** One component of a pack line (DetalleSurtido), without its tax: it takes the line's. */
const SURTIDO: JsonObject = { cabys_code: '2391102010100', description: 'Café molido, bolsa de 250 g', quantity: 2, unit: 'Unid', price: 1500, discount: [{ amount: 100, code: '07' }] };

/** The VAT rates of the rate codes the examples use (Nota 8.1). */
const VAT_RATES: Record<string, number> = { '01': 0, '02': 1, '08': 13 };

/** The first tax of a `tax` member (one tax or a list). */
const firstTax = (taxes: Json | undefined): JsonObject | undefined => {
  const tax = Array.isArray(taxes) ? taxes[0] : taxes;
  return isObject(tax) ? tax : undefined;
};

const vatRateOf = (tax: JsonObject | undefined): number | undefined => (tax ? VAT_RATES[String(tax['rate_code'] ?? tax['rate_type'])] : undefined);

/** Lines whose VAT is above 0 % take an exoneration of part of it (an export at 0 % has nothing to exonerate). */
function exonerationFor(tax: JsonObject | undefined): JsonObject | undefined {
  const rate = vatRateOf(tax);
  return rate === undefined || rate === 0 ? undefined : { ...EXONERATION, percentage: rate };
}

/**
 * The example plus the optional members of the spec that it leaves out, with valid values. Neither
 * `consecutive_number` nor `clave` is added: a client-supplied number legitimately moves the counters. The
 * payment receipt (10) gets only what its reduced XML has room for (line numbers; no discounts, exonerations,
 * codes or phones).
 */
function fullBase(name: ExampleName): JsonObject {
  const body = exampleBase(name);
  const type = String(member(body, 'document')['document_type']);
  const reduced = type === '10';
  Object.assign(member(body, 'document'), { branch: '001', terminal: '00002' });
  (body['items'] as JsonObject[]).forEach((item, i) => {
    item['line_number'] = i + 1;
    if (!reduced) addLineDetails(item, i, type);
  });
  for (const party of ['issuer', 'receiver']) {
    const value = body[party];
    if (!reduced && isObject(value) && value['phone'] === undefined) value['phone'] = { country_code: '506', number: '22223333' };
  }
  Object.assign(body, {
    totals: { total: 0, total_taxes: 0 },
    delivery: { email: false, recipients: ['copia@example.cr'] },
    api_config: { language: 'en', simulate: 'accepted', environment: 'staging' },
    callback_url: 'https://hooks.example.cr/facturas',
    environment: 'staging',
  });
  return body;
}

/**
 * Commercial code (type 03: the code a pack line needs), transaction type, a discount, an exoneration where
 * there is VAT; goods become a pack where the type has DetalleSurtido (not 08, nor 10).
 */
function addLineDetails(item: JsonObject, index: number, type: string): void {
  item['commercial_codes'] = [{ type: '03', code: `GTIN-744100${index + 1}` }];
  item['transaction_type'] = '01';
  if (type !== '08' && /^[0-4]/.test(String(item['cabys_code']))) makePack(item);
  else if (item['discount'] === undefined && item['discounts'] === undefined) item['discount'] = [{ amount: 1, code: '07', reason: 'Promoción' }];
  const surtido = Array.isArray(item['surtido_items']) && isObject(item['surtido_items'][0]) ? item['surtido_items'][0] : undefined;
  const exoneration = exonerationFor(firstTax(surtido ? surtido['tax'] : item['tax']));
  if (exoneration) item['exoneration'] = exoneration;
}

/**
 * A goods line as a pack of one component (annex pages 26–37): the line's tax moves to the component (with its
 * rate written out), the component has the discount, and the line's price is the component's quantity × price.
 */
function makePack(item: JsonObject): void {
  const component = structuredClone(SURTIDO);
  const tax = firstTax(item['tax']);
  const rate = vatRateOf(tax);
  component['tax'] = [tax && rate !== undefined ? { ...tax, rate } : { type: '01', rate_code: '02', rate: 1 }];
  const discount = item['discount'] ?? item['discounts'];
  if (discount !== undefined) component['discount'] = discount;
  for (const name of ['tax', 'taxes', 'discount', 'discounts']) delete item[name];
  item[item['unit_price'] === undefined ? 'price' : 'unit_price'] = Number(component['quantity']) * Number(component['price']);
  item['surtido_items'] = [component];
}

const TEMPLATES = new Map<string, JsonObject>(
  EXAMPLES.flatMap((name) => VARIANTS.map((variant) => [`${name}/${variant}`, variant === 'full' ? fullBase(name) : exampleBase(name)] as const)),
);

/** A fresh copy of a base, dated now. */
function freshBase(name: ExampleName, variant: Variant): JsonObject {
  const body = structuredClone(TEMPLATES.get(`${name}/${variant}`)!);
  member(body, 'document')['date'] = costaRicaNow();
  return body;
}

// ---------------------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------------------

/** A value to put somewhere: fixed, or made from what is there (`current` is undefined for a new member). */
interface Value {
  label: string;
  make(current: Json | undefined): Json;
}

type Mutation =
  | { kind: 'delete'; path: Path }
  | { kind: 'set'; path: Path; value: Value }
  | { kind: 'copy'; path: Path; from: Path }
  | { kind: 'add'; path: Path; name: string; value: Value }
  | { kind: 'repeat'; path: Path; length: number };

const fixed = (label: string, value: Json): Value => ({ label, make: () => structuredClone(value) });
const random = (value: Json): Value => fixed(preview(value, 200), value);

/** "A number given as a string", and the other way round. */
const numberAsString: Value = {
  label: 'the number as a string (a numeric string as a number)',
  make: (current) => (typeof current === 'number' ? String(current) : typeof current === 'string' && current.trim() !== '' && Number.isFinite(Number(current)) ? Number(current) : '1234.5'),
};

/** An object where a scalar is expected and vice versa: a scalar is wrapped, a container sent as its JSON text. */
const flipShape: Value = {
  label: 'an object for a scalar (a container as its JSON text)',
  make: (current) => (isObject(current) || Array.isArray(current) ? JSON.stringify(current) : { value: current ?? 1 }),
};

const longArray: Value = { label: 'Array(2000).fill(it)', make: (current) => Array(2000).fill(current ?? 1) };

/** The single mutations the sweep applies at every path. */
const SWEEP_VALUES: Value[] = [
  fixed('null', null), fixed("''", ''), fixed("' '", ' '), fixed('[]', []), fixed('{}', {}),
  fixed('0', 0), fixed('-1', -1), fixed('-0.000001', -0.000001), fixed('1e308', 1e308), fixed("'1e400'", '1e400'),
  fixed("'x'.repeat(10_000)", 'x'.repeat(10_000)), fixed("'a\\u0000b\\u0007c\\u001bd'", 'a\u0000b\u0007c\u001bd'), fixed('true', true),
  numberAsString, flipShape, longArray,
];

/** More odd values for the compound mutations. */
const MORE_VALUES: Value[] = [
  fixed('false', false), fixed('-0', -0), fixed('1e-7', 1e-7), fixed('0.123456789', 0.123456789), fixed('12345678901234567890', 12345678901234567890),
  fixed('-1e308', -1e308), fixed("'-1e400'", '-1e400'), fixed("'NaN'", 'NaN'), fixed("'Infinity'", 'Infinity'), fixed("'0x1F'", '0x1F'), fixed("' 42 '", ' 42 '),
  fixed("'\\uD800'", '\uD800'), fixed("'😀'.repeat(201)", '😀'.repeat(201)), fixed("'x'.repeat(201)", 'x'.repeat(201)),
  fixed("'__proto__'", '__proto__'), fixed("'constructor'", 'constructor'), fixed("'toString'", 'toString'),
  fixed("'99'", '99'), fixed("'00'", '00'), fixed("'1'", '1'), fixed('1', 1), fixed('100', 100),
  fixed("'2026-02-30T10:00:00-06:00'", '2026-02-30T10:00:00-06:00'), fixed("'1900-01-01T00:00:00-06:00'", '1900-01-01T00:00:00-06:00'),
  fixed("'9999-12-31T23:59:59Z'", '9999-12-31T23:59:59Z'), fixed("'2026-11-26'", '2026-11-26'),
  fixed('64 nested objects', Array.from({ length: 64 }).reduce<Json>((inner) => ({ a: inner }), 1)),
];

/** Names of members the request does not know, or knows elsewhere (never a consecutive or a clave). */
const UNKNOWN_NAMES = ['unknown_member', '', ' ', 'ñandú', '__proto__', 'constructor', 'hasOwnProperty', 'items', 'document_type', 'x'.repeat(300)];

function describeMutation(m: Mutation): string {
  switch (m.kind) {
    case 'delete': return `delete ${showPath(m.path)}`;
    case 'set': return `${showPath(m.path)} := ${m.value.label}`;
    case 'copy': return `${showPath(m.path)} := the value of ${showPath(m.from)}`;
    case 'add': return `${showPath([...m.path, clip(m.name, 40)]) || `(root).${m.name}`} := ${m.value.label} (added)`;
    case 'repeat': return `${showPath(m.path)} repeated to ${m.length} elements`;
  }
}

/** Applies one mutation; returns what was done (with the resulting value), or undefined when its path is gone. */
function applyMutation(body: JsonObject, m: Mutation): string | undefined {
  const current = valueAt(body, m.path);
  let value: Json;
  switch (m.kind) {
    case 'delete':
      return deleteAt(body, m.path) ? describeMutation(m) : undefined;
    case 'set':
      value = m.value.make(current);
      break;
    case 'copy': {
      const source = valueAt(body, m.from);
      if (source === undefined) return undefined;
      value = structuredClone(source);
      break;
    }
    case 'add': {
      if (!isObject(current)) return undefined;
      Object.defineProperty(current, m.name, { value: m.value.make(undefined), enumerable: true, writable: true, configurable: true });
      return describeMutation(m);
    }
    case 'repeat':
      if (!Array.isArray(current) || current.length === 0) return undefined;
      value = Array.from({ length: m.length }, (_, i) => current[i % current.length]!);
      break;
  }
  if (!setAt(body, m.path, value)) return undefined;
  return m.kind === 'repeat' ? describeMutation(m) : `${describeMutation(m)} = ${preview(value)}`;
}

/** Every single mutation at every path of a base. */
function sweepMutations(base: JsonObject): Mutation[][] {
  const out: Mutation[][] = [];
  for (const path of treePaths(base)) {
    const current = valueAt(base, path);
    out.push([{ kind: 'delete', path }]);
    for (const value of SWEEP_VALUES) out.push([{ kind: 'set', path, value }]);
    if (isObject(current)) out.push([{ kind: 'add', path, name: 'unknown_member', value: fixed("'?'", '?') }]);
    if (Array.isArray(current)) for (const length of [2, 1000, 1001]) out.push([{ kind: 'repeat', path, length }]);
  }
  out.push([{ kind: 'add', path: [], name: 'unknown_member', value: fixed("'?'", '?') }]);
  return out;
}

/** One to four mutations at random paths of a base: odd values, copies, unknown members, repetitions. */
function compoundMutations(base: JsonObject): fc.Arbitrary<Mutation[]> {
  const paths = treePaths(base);
  const objects: Path[] = [[], ...paths.filter((p) => isObject(valueAt(base, p)))];
  const arrays = paths.filter((p) => Array.isArray(valueAt(base, p)));
  const path = fc.constantFrom(...paths);
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SWEEP_VALUES) },
    { weight: 3, arbitrary: fc.constantFrom(...MORE_VALUES) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => random(v as Json)) },
  );
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 2, arbitrary: path.map((p) => ({ kind: 'delete' as const, path: p })) },
    { weight: 6, arbitrary: fc.tuple(path, value).map(([p, v]) => ({ kind: 'set' as const, path: p, value: v })) },
    { weight: 3, arbitrary: fc.tuple(path, path).map(([p, from]) => ({ kind: 'copy' as const, path: p, from })) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...objects), fc.constantFrom(...UNKNOWN_NAMES), value).map(([p, name, v]) => ({ kind: 'add' as const, path: p, name, value: v })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...arrays), fc.constantFrom(2, 3, 1001)).map(([p, length]) => ({ kind: 'repeat' as const, path: p, length })) },
  );
  return fc.array(mutation, { minLength: 1, maxLength: 4 });
}

// ---------------------------------------------------------------------------------------------------------
// The server: requests, their accounting, and what it logs
// ---------------------------------------------------------------------------------------------------------

let t: TestServer;
let org: SeededOrganization;

/** The counter a consecutive was taken from: `branch/terminal/document type`. */
const counterOf = (consecutive: string): string => `${consecutive.slice(0, 3)}/${consecutive.slice(3, 8)}/${consecutive.slice(8, 10)}`;

/** Consecutives handed out by 201 answers, per counter (`branch/terminal/type`), and a tally of the answers. */
const ledger = {
  issued: new Map<string, number[]>(),
  requests: 0,
  answers: new Map<string, number>(),
  note(res: Reply): void {
    this.requests++;
    const label = res.status === 201 ? '201' : `${res.status} ${res.body?.error?.code ?? '(no code)'}`;
    this.answers.set(label, (this.answers.get(label) ?? 0) + 1);
    const consecutive = res.status === 201 ? res.body?.data?.consecutive_number : undefined;
    if (typeof consecutive !== 'string' || !/^\d{20}$/.test(consecutive)) return;
    const counter = counterOf(consecutive);
    this.issued.set(counter, [...(this.issued.get(counter) ?? []), Number(consecutive.slice(10))]);
  },
};

async function issue(body: Json): Promise<Reply> {
  const res = await t.call('POST', '/electronic-documents', { key: org.key, body });
  ledger.note(res);
  return res;
}

/**
 * What request loggers write at error level (the error handler logs every 500 there). The harness silences
 * the logger and takes no other, so the silent children get an `error` method that records.
 */
const serverErrors: string[] = [];

/** The part of the pino logger that fastify uses to make each request's logger. */
interface ChildMaker {
  child(...args: unknown[]): { error(obj: unknown, message?: string): void };
}

function recordServerErrors(server: TestServer): void {
  const log = server.server.core.log as unknown as ChildMaker;
  const child = log.child.bind(log);
  log.child = (...args) => {
    const logger = child(...args);
    logger.error = (obj, message) => serverErrors.push(describeLogged(obj, message));
    return logger;
  };
}

function describeLogged(obj: unknown, message: string | undefined): string {
  const err = (obj as { err?: unknown } | undefined)?.err;
  if (!(err instanceof Error)) return `${message ?? ''} ${preview(obj as Json)}`.trim();
  // Frames written without their `at`, so that the test runner does not take them for the assertion's own.
  const frames = (err.stack ?? '').split('\n').filter((line) => line.includes('/src/') && !line.includes('/src/xml/errors.ts')).slice(0, 3)
    .map((line) => line.trim().replace(/^at /, '').replace(/(^|\()[^()]*?\/src\//, '$1src/'));
  const text = clip(err.message.replace(/\d{14,}/g, (digits) => `<${digits.length} digits>`), 200);
  return [`${err.name}: ${text}`, ...frames].join('\n      ↳ ');
}

/** Why an answer breaks the contract, or undefined when it keeps it. */
function contractBreach(res: Reply): string | undefined {
  const body = res.body;
  if (typeof body !== 'object' || body === null) return `${res.status} with a body that is not JSON`;
  if (res.status === 201) {
    const ok = body.success === true && /^[0-9A-Z]{50}$/.test(String(body.data?.document_key)) && /^\d{20}$/.test(String(body.data?.consecutive_number));
    return ok ? undefined : '201 without a document_key and consecutive_number';
  }
  if (res.status >= 500) return `${res.status} server error`;
  if (res.status < 400) return `unexpected status ${res.status}`;
  const envelope = body.success === false && typeof body.error?.code === 'string' && body.error.code !== '' && typeof body.error?.message === 'string' && body.api_version === '1.0';
  return envelope ? undefined : `${res.status} outside the error envelope`;
}

// ---------------------------------------------------------------------------------------------------------
// Running the mutations and reporting
// ---------------------------------------------------------------------------------------------------------

interface Failure {
  variant: Variant;
  mutations: Mutation[];
  applied: string[];
  breach: string;
  status: number;
  response: string;
  /** What the server logged when the request was replayed alone. */
  logged?: string;
}

/** Sends one mutated base; a broken contract becomes a Failure. */
async function tryMutation(name: ExampleName, variant: Variant, mutations: Mutation[]): Promise<Failure | undefined> {
  const body = freshBase(name, variant);
  const applied = mutations.map((m) => applyMutation(body, m)).filter((d): d is string => d !== undefined);
  const res = await issue(body);
  const breach = contractBreach(res);
  return breach === undefined ? undefined : { variant, mutations, applied, breach, status: res.status, response: clip(res.text, 400) };
}

async function inBatches<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += CONCURRENCY) results.push(...(await Promise.all(items.slice(i, i + CONCURRENCY).map(run))));
  return results;
}

/** Sends a failure's request again, alone, and keeps what the server logged for it. */
async function replay(name: ExampleName, failure: Failure): Promise<void> {
  serverErrors.length = 0;
  const again = await tryMutation(name, failure.variant, failure.mutations);
  failure.logged = again ? serverErrors.join('\n      ') || '(nothing logged)' : '(answered within the contract on replay)';
}

/** Failures grouped by what went wrong: the logged error when there is one, else the status and error code. */
function report(name: ExampleName, failures: Failure[], sent: number): string {
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    // LineaDetalle[1] and LineaDetalle[2], or 1e308 and 1e400 written out, are the same cause.
    const cause = f.logged?.replace(/\[\d+\]/g, '[n]').replace(/<\d+ digits>/g, '<digits>') ?? `${f.breach} (not replayed) ${f.response.slice(0, 120)}`;
    groups.set(cause, [...(groups.get(cause) ?? []), f]);
  }
  const lines = [
    `${name}: ${failures.length} of ${sent} answers broke the contract (${groups.size} distinct causes).`,
    `Each request is the base (exampleBase or fullBase in this file, dated now) with the mutations listed; fast-check seed ${SEED}.`,
  ];
  [...groups].forEach(([cause, list], i) => {
    lines.push(`[${i + 1}] ${list[0]!.breach} × ${list.length}; server: ${cause}`);
    list.slice(0, 4).forEach((f, j) => {
      lines.push(`    ${f.variant} base: ${f.applied.join(' ; ') || '(no change)'}`, `      → ${j === 0 ? `${f.status} ${f.response}` : f.status}`);
    });
    if (list.length > 4) lines.push(`    … and ${list.length - 4} more`);
  });
  return lines.join('\n');
}

/** Each base sent once as it is: its mutations only tell something when it is accepted. */
const baseAnswers = new Map<string, Promise<Reply>>();

function sendBase(name: ExampleName, variant: Variant): Promise<Reply> {
  const key = `${name}/${variant}`;
  if (!baseAnswers.has(key)) baseAnswers.set(key, issue(freshBase(name, variant)));
  return baseAnswers.get(key)!;
}

/** The sweep and the compound mutations of the accepted bases of an example, all sent; failures replayed. */
async function fuzzExample(name: ExampleName, variants: Variant[]): Promise<{ sent: number; failures: Failure[] }> {
  const cases: { variant: Variant; mutations: Mutation[] }[] = [];
  for (const variant of variants) {
    const base = TEMPLATES.get(`${name}/${variant}`)!;
    for (const mutations of sweepMutations(base)) cases.push({ variant, mutations });
    const seed = SEED + EXAMPLES.indexOf(name) * 10 + VARIANTS.indexOf(variant);
    for (const mutations of fc.sample(compoundMutations(base), { numRuns: COMPOUND_RUNS, seed })) cases.push({ variant, mutations });
  }
  const failures = (await inBatches(cases, (c) => tryMutation(name, c.variant, c.mutations))).filter((f): f is Failure => f !== undefined);
  // Shortest mutations first: the simplest way to reproduce each cause is replayed and shown first.
  failures.sort((a, b) => a.mutations.length - b.mutations.length);
  for (const failure of failures.slice(0, REPLAYS)) await replay(name, failure);
  return { sent: cases.length, failures };
}

// ---------------------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await startTestServer();
  recordServerErrors(t);
  // Thousands of requests in a minute: far above the default per-minute limit of a key.
  org = seedOrganization(t, { identificationNumber: ORG_ID, ratePerMinute: 1_000_000, ratePerDay: 10_000_000 });
  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
  const res = await t.call('POST', '/organizations/me/certificate', {
    key: org.key,
    body: { certificate: p12, pin: TEST_PIN, atv_user: 'cpj-3-101-654321@stag.comprobanteselectronicos.go.cr', atv_password: 'secreto' },
  });
  if (res.status >= 300) throw new Error(`certificate upload failed: ${res.text}`);
});
afterAll(async () => {
  console.log(`document-request fuzz: ${ledger.requests} requests; answers: ${[...ledger.answers].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} × ${n}`).join(', ')}`);
  await t?.close();
});

describe('POST /electronic-documents under mutation of its whole request tree', () => {
  const bases = EXAMPLES.flatMap((name) => VARIANTS.map((variant) => [name, variant] as const));

  it.each(bases)('accepts the base %s (%s) as it is, dated now and issued by the organization', async (name, variant) => {
    const res = await sendBase(name, variant);
    expect(res.status, res.text).toBe(201);
    expect(contractBreach(res), res.text).toBeUndefined();
  });

  it.each(EXAMPLES)('answers every mutation of %s with 201 or a 4xx error envelope, never a 5xx', async (name) => {
    const accepted: Variant[] = [];
    for (const variant of VARIANTS) if ((await sendBase(name, variant)).status === 201) accepted.push(variant);
    expect(accepted, `no base of ${name} is accepted as it is`).not.toEqual([]);
    const { sent, failures } = await fuzzExample(name, accepted);
    expect(failures.length, report(name, failures, sent)).toBe(0);
  }, 60_000);

  it('gave a consecutive to each 201 and none to a refusal: counters and stored documents have no gaps', async () => {
    const issued = [...ledger.issued].map(([counter, numbers]) => [counter, [...numbers].sort((a, b) => a - b)] as const);
    // The consecutives handed out are 1..n per counter: no gap, no repeat.
    for (const [counter, numbers] of issued) expect(numbers, counter).toEqual(numbers.map((_, i) => i + 1));
    const expected = Object.fromEntries(issued.map(([counter, numbers]) => [counter, numbers.length]));

    const counters = await t.call('GET', '/organizations/me/consecutives', { key: org.key });
    expect(counters.status, counters.text).toBe(200);
    const advanced = Object.fromEntries((counters.body.data as { branch: string; terminal: string; document_type: string; next_value: number }[])
      .filter((c) => c.next_value > 1)
      .map((c) => [`${c.branch}/${c.terminal}/${c.document_type}`, c.next_value - 1]));
    expect(advanced, 'each counter advanced by its 201 answers').toEqual(expected);

    // The store holds exactly the documents of the 201 answers.
    const rows = t.server.core.store.db.$client
      .prepare("SELECT consecutive FROM documents WHERE organization_id = ? AND environment = 'staging' ORDER BY consecutive")
      .all(org.row.id) as { consecutive: string }[];
    const stored: Record<string, number[]> = {};
    for (const { consecutive } of rows) (stored[counterOf(consecutive)] ??= []).push(Number(consecutive.slice(10)));
    expect(stored, 'stored consecutives per counter').toEqual(Object.fromEntries(issued));
  }, 30_000);
});
