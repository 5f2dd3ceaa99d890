/**
 * The set-up every e2e test file shares: the built renderer, the local tax-authority simulator and a real
 * server delivering to it, an organization ready to issue (certificate, ATV credentials, location), headless
 * Chromium with one page, signed in through the one-time login URL. `useE2eSession` opens it before the
 * file's tests and closes it after them; the tests keep only what is theirs.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SIMULATOR_PASSWORD, SIMULATOR_USER, simulatorConfig, startDelivering, startTestServer, type SeededOrganization, type TestServer } from '../api/harness.ts';
import { startSimulator } from '../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { launchChromium } from './browser.ts';
import { ensureRendererBuilt } from './renderer-build.ts';

/** Where the screenshots go: the documentation shows the screens as the tests leave them. */
const SCREENS = new URL('../../docs/screens/', import.meta.url);
/** The issuer's location (San José, Carmen). */
const ADDRESS = { province: '1', canton: '01', district: '01', details: 'Avenida 7, calles 3 y 5' };
/** Starting the simulator and the server, and a first build of the renderer, take a while. */
const SETUP_TIMEOUT_MS = 120_000;

export interface SessionOptions {
  /**
   * false: a fresh server with no organization at all (the first run creates one); the default is
   * startDelivering's organization, with its location set.
   */
  organization?: boolean;
  /** false: the test signs in itself (session.signIn()), e.g. after listening to the page. Default true. */
  signIn?: boolean;
  /** Default 1024×768, the smallest screen the renderer is laid out for. */
  viewport?: { width: number; height: number };
  /** Environment variables the server reads once, when it starts; restored right after. */
  serverEnv?: Record<string, string>;
}

export interface FreshSession {
  simulator: Simulator;
  t: TestServer;
  browser: Browser;
  page: Page;
  /** Signs the page in through the one-time login URL (usable once), which lands on the renderer. */
  signIn(): Promise<void>;
  /** Saves the page as docs/screens/<name>. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface E2eSession extends FreshSession {
  org: SeededOrganization;
}

/** Sets `env` while `start` runs, then puts back what was there (unset stays unset). */
async function withEnv<T>(env: Record<string, string>, start: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await start();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export async function openE2eSession(options: SessionOptions & { organization: false }): Promise<FreshSession>;
export async function openE2eSession(options?: SessionOptions): Promise<E2eSession>;
export async function openE2eSession(options: SessionOptions = {}): Promise<FreshSession | E2eSession> {
  await ensureRendererBuilt();
  // Whatever started is closed again if a later step fails, as the tests' afterAll would.
  let simulator: Simulator | undefined;
  let t: TestServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await t?.close();
    await simulator?.close();
  };
  try {
    const env = options.serverEnv ?? {};
    let org: SeededOrganization | undefined;
    if (options.organization === false) {
      // The same simulator as startDelivering's, so the wizard's ATV user and password are accepted.
      const fresh = await startSimulator({ port: 0, users: { [SIMULATOR_USER]: SIMULATOR_PASSWORD } });
      simulator = fresh;
      t = await withEnv(env, () => startTestServer({ delivery: true, hacienda: simulatorConfig(fresh) }));
    } else {
      ({ simulator, t, org } = await withEnv(env, () => startDelivering()));
      // Every document carries the issuer's location, kept in the profile (docs/organization-address.md);
      // with it (and the seeded activity and certificate) the first-run wizard stays closed.
      const located = await t.call('PUT', '/organizations/me', { key: org.key, body: { address: ADDRESS } });
      if (located.status !== 200) throw new Error(`issuer location refused: ${located.text}`);
    }
    const server = t;
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: options.viewport ?? { width: 1024, height: 768 } });
    const signIn = async () => {
      // The one-time URL sets the HttpOnly session cookie and lands on the renderer; from then on the page
      // carries only that cookie, which acts on the account's first organization (docs/browser-access.md).
      await page.goto(server.server.loginUrl);
      await page.waitForURL(`${server.url}/`);
    };
    if (options.signIn !== false) await signIn();
    const screenshot = async (name: string) => {
      mkdirSync(SCREENS, { recursive: true });
      await page.screenshot({ path: new URL(name, SCREENS).pathname });
    };
    return { simulator, t: server, org, browser, page, signIn, screenshot, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Opens the session in a beforeAll and closes it in an afterAll of the calling test file. What it returns is
 * filled in by that beforeAll: read its fields inside the tests (or hooks registered after this call), not
 * at the file's top level. Hooks the file registers later run after the opening and before the closing
 * (Vitest's default `sequence.hooks: 'stack'`).
 */
export function useE2eSession(options: SessionOptions & { organization: false }): FreshSession;
export function useE2eSession(options?: SessionOptions): E2eSession;
export function useE2eSession(options: SessionOptions = {}): FreshSession | E2eSession {
  const session = {} as E2eSession;
  beforeAll(async () => {
    Object.assign(session, await openE2eSession(options));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await session.close?.();
  });
  return session;
}
