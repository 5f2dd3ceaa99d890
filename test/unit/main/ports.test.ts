import { createConnection } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Server } from '../../../src/server.ts';
import { desktopServerFlags, LOOPBACK_HOST, loopbackOrigin } from '../../../main/ports.ts';
import { startDesktopServer, tempDir } from './server-fixture.ts';

describe('main/ports: the embedded server of the desktop app', () => {
  const dirs = [tempDir(), tempDir()];
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const d of dirs) d.remove();
  });

  it('asks for loopback and an OS-chosen port', () => {
    expect(desktopServerFlags('/data')).toEqual({ host: '127.0.0.1', port: '0', dataDir: '/data' });
  });

  it('listens on a free random loopback port, a different one per launch', async () => {
    for (const d of dirs) servers.push(await startDesktopServer(d.dir));
    const origins = servers.map((s) => loopbackOrigin(s.url));
    for (const origin of origins) expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new Set(origins).size).toBe(2);
    for (const s of servers) {
      const address = s.app.server.address();
      expect(typeof address === 'object' && address?.address).toBe(LOOPBACK_HOST);
      expect(typeof address === 'object' && address!.port).toBeGreaterThan(0);
    }
    const res = await fetch(`${origins[0]}/api/v1/status`);
    expect(res.status).toBe(200);
  });

  it('is not reachable on another address of the machine', async () => {
    const port = Number(new URL(servers[0]!.url).port);
    // ::1 is loopback too, but a different socket: only 127.0.0.1 is bound.
    const connected = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '::1', port }, () => { socket.destroy(); resolve(true); });
      socket.on('error', () => resolve(false));
    });
    expect(connected).toBe(false);
  });

  it('refuses a URL that is not loopback with a port', () => {
    expect(() => loopbackOrigin('http://0.0.0.0:8780')).toThrow();
    expect(() => loopbackOrigin('http://192.168.1.5:8780')).toThrow();
    expect(() => loopbackOrigin('https://127.0.0.1:8780')).toThrow();
    expect(() => loopbackOrigin('http://127.0.0.1')).toThrow();
  });
});
