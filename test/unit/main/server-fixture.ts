/** A real embedded server on a temporary data directory, started with the desktop shell's flags. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startServer, type Server } from '../../../src/server.ts';
import { desktopServerFlags } from '../../../main/ports.ts';

export const TEST_MASTER_KEY = Buffer.alloc(32, 9);

export function tempDir(prefix = 'facturador-main-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function startDesktopServer(dataDir: string): Promise<Server> {
  return startServer(desktopServerFlags(dataDir), { masterKey: TEST_MASTER_KEY, logger: pino({ level: 'silent' }), delivery: false, autoBackup: false });
}
