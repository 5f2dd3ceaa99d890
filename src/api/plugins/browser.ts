/**
 * Browser access to the headless server (docs/browser-access.md): this server's login tokens and sessions
 * (decorated as `app.browserSessions`, which server.ts prints the login URL from), the session cookie with
 * its CSRF header, and the pages outside /api/v1 (login, logout, the screens, the session's organization).
 * Registered after the Host check and before authentication, so that a refused host or a forged request
 * never reaches either; the helpers are in api/browser/.
 */
import fp from 'fastify-plugin';
import type { BrowserDependencies } from '../browser/dependencies.ts';
import { registerBrowserPages } from '../browser/pages.ts';
import { installSessionAuth } from '../browser/session-auth.ts';
import { registerSessionOrganization } from '../browser/session-organization.ts';
import { BrowserSessions } from '../browser/sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's login tokens and browser sessions (server.ts prints the login URL from it). */
    browserSessions: BrowserSessions;
  }
}

export type BrowserOptions = BrowserDependencies;

export const browserPlugin = fp<BrowserOptions>(async (app, deps) => {
  const sessions = new BrowserSessions(deps.clock, deps.store.db);
  app.decorate('browserSessions', sessions);
  installSessionAuth(app, sessions);
  registerBrowserPages(app, deps, sessions);
  registerSessionOrganization(app, deps, sessions);
}, { name: 'facturador-browser', dependencies: ['facturador-host-check'] });
