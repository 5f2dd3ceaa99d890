/**
 * Browser access to the headless server (docs/browser-access.md): the Host check against DNS rebinding,
 * the session cookie with its CSRF header, and the pages. Installed before authentication so that a
 * refused host or a forged request never reaches it.
 */
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { installHostCheck } from './host-check.ts';
import { registerBrowserPages } from './pages.ts';
import { installSessionAuth } from './session-auth.ts';
import { registerSessionOrganization } from './session-organization.ts';
import { BrowserSessions } from './sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's login tokens and browser sessions (server.ts prints the login URL from it). */
    browserSessions: BrowserSessions;
  }
}

export function installBrowserAccess(app: FastifyInstance, core: Core): void {
  const sessions = new BrowserSessions(core.clock, core.store.db);
  app.decorate('browserSessions', sessions);
  installHostCheck(app, core.config.allowedHosts);
  installSessionAuth(app, sessions);
  registerBrowserPages(app, core, sessions);
  registerSessionOrganization(app, core, sessions);
}
