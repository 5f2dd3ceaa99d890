import { afterAll, describe, expect, it } from 'vitest';
import type { Server } from '../../../src/server.ts';
import { rendererLoginUrl } from '../../../main/session-key.ts';
import { startDesktopServer, tempDir } from './server-fixture.ts';

const login = (server: Server, token: string) => fetch(`${server.url}/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-facturador-csrf': '1' },
  body: JSON.stringify({ token }),
});

const me = (server: Server, cookie: string) => fetch(`${server.url}/api/v1/auth/me`, { headers: { cookie } });

describe('main/session-key: the renderer credential of one launch', () => {
  const data = tempDir();
  let server: Server;
  afterAll(async () => {
    await server?.close();
    data.remove();
  });

  it('is a fresh random single-use token in the fragment of the login URL', async () => {
    server = await startDesktopServer(data.dir);
    const first = rendererLoginUrl(server.url, server.app.browserSessions);
    const second = rendererLoginUrl(server.url, server.app.browserSessions);
    expect(first.startsWith(`${server.url}/login#`)).toBe(true);
    const tokens = [first, second].map((u) => new URL(u).hash.slice(1));
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(Buffer.from(tokens[0]!, 'base64url')).toHaveLength(32);
  });

  it('signs the window in once, with an HttpOnly cookie, and is spent afterwards', async () => {
    const token = new URL(rendererLoginUrl(server.url, server.app.browserSessions)).hash.slice(1);
    const res = await login(server, token);
    expect(res.status).toBe(204);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;
    expect((await me(server, cookie)).status).toBe(200);
    expect((await login(server, token)).status).toBe(401);
  });

  it('ends at quit: the session of one launch is refused by the next', async () => {
    const token = new URL(rendererLoginUrl(server.url, server.app.browserSessions)).hash.slice(1);
    const cookie = (await login(server, token)).headers.get('set-cookie')!.split(';')[0]!;
    await server.close();
    server = await startDesktopServer(data.dir);
    expect((await me(server, cookie)).status).toBe(401);
  });
});
