/**
 * `facturador login-url [--data-dir DIR]`: a fresh one-time browser login link for the server running on
 * the data directory, without restarting it. Whoever can read and write the data directory is the local
 * administrator already; the token goes to the server through the database (store/login-tokens.ts, digest
 * only), single-use and valid 10 minutes like the one printed at start.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config.ts';
import { systemClock, type Clock } from '../domain/clock.ts';
import { loginLink } from '../api/browser/login-url.ts';
import { LOGIN_TOKEN_TTL_MS } from '../api/browser/sessions.ts';
import { runningServer } from '../backup/server-lock.ts';
import { openStore, storeLocation } from '../store/database.ts';
import { storeLoginToken } from '../store/login-tokens.ts';
import type { Output } from './output.ts';

export function loginUrlCommand(options: { dataDir?: string; databaseUrl?: string; clock?: Clock }, out: Output): number {
  const config = loadConfig({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  const { dataDir } = config;
  const server = runningServer(dataDir);
  if (!server) {
    out.error(`facturador: no server is running on ${dataDir}; start it (npm start), it prints a login link.`);
    return 1;
  }
  if (!server.url) { // claimed, not listening yet (server.ts)
    out.error(`facturador: the server on ${dataDir} is still starting; try again in a moment.`);
    return 1;
  }
  const token = randomBytes(32).toString('base64url');
  const now = (options.clock ?? systemClock).now();
  // The token goes where every serve process of this installation looks: DATABASE_URL's database, or the folder's file.
  const store = openStore(storeLocation(config));
  try {
    storeLoginToken(store.db, token, new Date(now.getTime() + LOGIN_TOKEN_TTL_MS), now);
  } finally {
    store.close();
  }
  out.write(loginLink(server.url, token));
  out.error('Open it within 10 minutes; it works once.');
  return 0;
}
