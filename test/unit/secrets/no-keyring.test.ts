/**
 * Without a Secret Service the keyring provider steps aside; it must not fall back to the Linux kernel
 * keyring (what @napi-rs/keyring does by default), which forgets the master key at logout or reboot and
 * would leave every sealed certificate unreadable. The session bus is pointed nowhere for this file only
 * (vitest runs each file in its own process).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_FILE, keyringMasterKey, resolveMasterKey } from '../../../src/secrets/master-key.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const temp = tempDirs();

process.env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent/facturador-test-bus';

describe.runIf(process.platform === 'linux')('no Secret Service reachable (Linux)', () => {
  it('the keyring provider answers nothing', () => {
    expect(keyringMasterKey(temp('facturador-nokeyring-'))).toBeUndefined();
  });

  it('the master key falls back to the key file', () => {
    const dataDir = temp('facturador-nokeyring-');
    const warnings: string[] = [];
    const resolved = resolveMasterKey({ dataDir, env: {}, warn: (m) => warnings.push(m) });
    expect(resolved.source).toBe('file');
    expect(existsSync(join(dataDir, KEY_FILE))).toBe(true);
    expect(warnings).toHaveLength(1);
  });
});
