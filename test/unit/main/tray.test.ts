import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createCore, type Core } from '../../../src/core.ts';
import { loadConfig } from '../../../src/config.ts';
import { trayState, trayText } from '../../../main/tray.ts';
import { readFileSync } from 'node:fs';
import { resourcePath } from '../../../src/paths.ts';
import { TEST_MASTER_KEY, tempDir } from './server-fixture.ts';

describe('main/tray: the queue count next to the clock', () => {
  it('says how many documents are queued and awaiting a verdict', () => {
    expect(trayText({ waiting: 0, queued: 0, reachable: true })).toBe('Facturador — todo enviado a Hacienda');
    expect(trayText({ waiting: 3, queued: 3, reachable: false })).toBe('Facturador — 3 documentos en cola · Hacienda sin conexión');
    expect(trayText({ waiting: 2, queued: 1, reachable: null })).toBe('Facturador — 1 documento en cola · 1 documento esperando respuesta');
    expect(trayText({ waiting: 1, queued: 0, reachable: true }, 'en')).toBe('Facturador — 1 document awaiting a verdict');
  });

  it('has its icon where main/index.ts loads it, a PNG at 1x and 2x (scripts/make-icons.mjs)', () => {
    for (const [name, size] of [['tray.png', 32], ['tray@2x.png', 64]] as const) {
      const file = readFileSync(resourcePath('icons', name));
      expect(file.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual([size, size]);
    }
  });

  describe('from a real core', () => {
    const data = tempDir();
    let core: Core;
    afterAll(async () => {
      await core?.close();
      data.remove();
    });

    it('reads the store and the reachability monitor', () => {
      core = createCore(loadConfig({ dataDir: data.dir }), { masterKey: TEST_MASTER_KEY, logger: pino({ level: 'silent' }) });
      expect(trayState(core)).toEqual({ waiting: 0, queued: 0, reachable: null });
      core.hacienda.monitor.recordApi('staging', false, 5000, 'timeout');
      expect(trayState(core).reachable).toBe(false);
    });
  });
});
