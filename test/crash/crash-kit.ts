/**
 * What the kill -9 crash tests (kill9.test.ts, pg-kill9.test.ts) share: the seedable PRNG of their fault
 * schedule, the environment of a `facturador serve` child that reaches the tax authority through the counting
 * proxy, the organization and key written straight into the store, and a call of the API with that key.
 */
import { randomUUID } from 'node:crypto';
import { exampleRequest } from '../fixtures/example-requests.ts';
import type { Store } from '../../src/store/database.ts';
import { localAccount } from '../../src/store/accounts.ts';
import { insertOrganization } from '../../src/store/organizations.ts';
import { createApiKey } from '../../src/store/api-keys.ts';
import { ORGANIZATION_ABILITIES } from '../../src/api/abilities.ts';

/** mulberry32: small, seedable, good enough for a fault schedule. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The environment of a serve child: no keyring, the given master key, local webhooks, the tax authority behind `proxyUrl`. */
export function crashServerEnv(proxyUrl: string, masterKeyHex: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extra,
    FACTURADOR_KEYRING: 'off',
    FACTURADOR_MASTER_KEY: masterKeyHex,
    FACTURADOR_ALLOW_LOCAL_WEBHOOKS: '1',
    HACIENDA_IDP_URL_STAGING: `${proxyUrl}/auth/realms/rut-stag/protocol/openid-connect/token`,
    HACIENDA_IDP_URL_PRODUCTION: `${proxyUrl}/auth/realms/rut/protocol/openid-connect/token`,
    HACIENDA_API_URL_STAGING: `${proxyUrl}/recepcion/v1/`,
    HACIENDA_API_URL_PRODUCTION: `${proxyUrl}/recepcion/v1/`,
    HACIENDA_PUBLIC_API_URL: `${proxyUrl}/`,
    LOG_LEVEL: 'info',
  };
  delete env['FACTURADOR_DELIVERY'];
  delete env['FACTURADOR_DATA_DIR'];
  return env;
}

/** The organization (3101123456, no rate limit to speak of) and an organization key, written into `store`, which is then closed. */
export function seedCrashOrganization(store: Store, name: string, email: string, keyName: string): { orgId: number; orgKey: string } {
  const now = new Date();
  const account = localAccount(store.db, now);
  const org = insertOrganization(store.db, {
    uuid: randomUUID(), accountId: account.id, name, legalName: `${name} S.A.`,
    identificationType: '02', identificationNumber: '3101123456', email, economicActivities: ['620100'],
    ratePerMinute: 1_000_000, createdAt: now.toISOString(), updatedAt: now.toISOString(),
  });
  const orgKey = createApiKey(store.db, { accountId: account.id, organizationId: org.id, name: keyName, mode: 'test', abilities: [...ORGANIZATION_ABILITIES], expiresAt: null }, now).secret;
  store.close();
  return { orgId: org.id, orgKey };
}

/** A call of the API at `baseUrl` with the organization key; the status and the JSON body. */
export async function orgApi(baseUrl: string, orgKey: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${orgKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A response body as JSON, or undefined when it is not JSON. */
export function jsonOrUndefined<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** A 201's answer: the clave and its consecutive. */
interface Created { status: number; body: { data?: { document_key?: string; consecutive_number?: string } } | undefined }

/**
 * Notes a 201 that carries its clave in `answered` (one clave answered to two different requests goes to
 * `unexpected`); whether the answer was one.
 */
export function noteCreated(answered: Map<string, { idemKey: string; consecutive: string }>, unexpected: string[], request: { idemKey: string }, answer: Created): boolean {
  const key = answer.body?.data?.document_key;
  if (answer.status !== 201 || !key) return false;
  const earlier = answered.get(key);
  if (earlier && earlier.idemKey !== request.idemKey) unexpected.push(`clave ${key} answered to two different requests`);
  answered.set(key, { idemKey: request.idemKey, consecutive: answer.body!.data!.consecutive_number! });
  return true;
}

/** Two points of sale, so that numbering is checked per counter. */
const POINTS_OF_SALE = [['002', '3'], ['001', '1']] as const;

/** A ticket of 5 s ago at one of the points of sale and a price of the schedule's `random`, with a new idempotency key. */
export function ticketRequest(random: () => number): { idemKey: string; body: unknown } {
  const body = exampleRequest('04-tiquete', new Date(Date.now() - 5_000));
  const [branch, terminal] = POINTS_OF_SALE[Math.floor(random() * POINTS_OF_SALE.length)]!;
  body.document.sucursal = branch;
  body.document.punto_venta = terminal;
  body.items[0].price = 1000 + Math.floor(random() * 9000);
  return { idemKey: randomUUID(), body };
}
