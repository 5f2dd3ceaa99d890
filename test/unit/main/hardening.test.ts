/**
 * The desktop shell's hardening (issue 12, item 10), checked in plain Node: what the packaged binary may
 * not do (fuses in electron-builder.yml), what the window may not do (DevTools, permissions), and which
 * updates the app will install by itself (only those whose signature electron-updater can verify).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { lockPermissions } from '../../../main/permissions.ts';
import { startUpdater, type AutoUpdaterLike } from '../../../main/updater.ts';
import { webPreferences } from '../../../main/window.ts';

const builder = parse(readFileSync(new URL('../../../electron-builder.yml', import.meta.url), 'utf8')) as Record<string, Record<string, unknown>>;

describe('electron-builder.yml: the packaged binary', () => {
  it('cannot be turned into a Node runtime or debugger, and loads only its own checked archive', () => {
    expect(builder['electronFuses']).toMatchObject({
      runAsNode: false, // ELECTRON_RUN_AS_NODE=1 would make the signed app a node that runs any script
      enableNodeOptionsEnvironmentVariable: false, // NODE_OPTIONS=--require evil.js
      enableNodeCliInspectArguments: false, // --inspect: a debugger attached to the process holding the vault key
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    expect(builder['asar']).not.toBe(false);
  });

  it('signs Windows and macOS builds and refuses to package them unsigned', () => {
    const win = builder['win']!;
    expect(win['forceCodeSigning']).toBe(true);
    expect(win['verifyUpdateCodeSignature']).not.toBe(false);
    // Without a publisher name electron-updater installs any update whose hash matches the feed's.
    expect((win['signtoolOptions'] as Record<string, unknown>)['publisherName']).toEqual(expect.any(String));
    expect(builder['mac']!['forceCodeSigning']).toBe(true);
    expect(builder['mac']!['hardenedRuntime']).toBe(true);
  });
});

describe('main/window: DevTools', () => {
  it('are off in an installed app and on in a development run', () => {
    expect(webPreferences('/p.cjs', 'http://127.0.0.1:1/api/v1', { packaged: true })['devTools']).toBe(false);
    expect(webPreferences('/p.cjs', 'http://127.0.0.1:1/api/v1', { packaged: false })['devTools']).toBe(true);
  });
});

describe('main/permissions: the screens are granted nothing', () => {
  it('denies every request, every check and every device', () => {
    const handlers: Record<string, (...args: unknown[]) => unknown> = {};
    lockPermissions({
      setPermissionRequestHandler: (h) => (handlers['request'] = h as never),
      setPermissionCheckHandler: (h) => (handlers['check'] = h as never),
      setDevicePermissionHandler: (h) => (handlers['device'] = h as never),
    });
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'hid', 'serial', 'usb', 'fullscreen']) {
      const granted: boolean[] = [];
      handlers['request']!({}, permission, (g: boolean) => granted.push(g), {});
      expect(granted).toEqual([false]);
      // The check answers synchronous questions (navigator.permissions.query, enumerateDevices labels…)
      // that never reach the request handler.
      expect(handlers['check']!({}, permission, 'http://127.0.0.1:1', {})).toBe(false);
    }
    expect(handlers['device']!({ deviceType: 'usb', origin: 'http://127.0.0.1:1' })).toBe(false);
  });

  it('still sets request and check handlers on an Electron without the device handler', () => {
    const set: string[] = [];
    lockPermissions({ setPermissionRequestHandler: () => set.push('request'), setPermissionCheckHandler: () => set.push('check') });
    expect(set).toEqual(['request', 'check']);
  });
});

function fakeUpdater() {
  const calls: string[] = [];
  const updater: AutoUpdaterLike = {
    autoDownload: true,
    autoInstallOnAppQuit: true,
    setFeedURL: () => calls.push('feed'),
    checkForUpdates: async () => {
      calls.push('check');
      return { isUpdateAvailable: true, updateInfo: { version: '9.9.9' } };
    },
    checkForUpdatesAndNotify: async () => calls.push('check-and-install'),
  };
  return { updater, calls };
}

describe('main/updater: only verifiable packages are installed', () => {
  const settings = { enabled: true, feedUrl: 'https://updates.example/' };

  it('on Linux, where electron-updater checks no signature, it only tells that a version is out', async () => {
    const { updater, calls } = fakeUpdater();
    const logs: string[] = [];
    expect(await startUpdater(settings, (m) => logs.push(m), async () => ({ autoUpdater: updater }), 'linux')).toBe('notify-only');
    await new Promise((r) => setImmediate(r));
    expect(updater.autoDownload).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(calls).toEqual(['feed', 'check']);
    expect(logs).toEqual([expect.stringContaining('9.9.9')]);
  });

  it('on Windows and macOS it downloads and installs (electron-updater checks the signature)', async () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const { updater, calls } = fakeUpdater();
      expect(await startUpdater(settings, () => {}, async () => ({ autoUpdater: updater }), platform)).toBe('started');
      expect(calls).toEqual(['feed', 'check-and-install']);
    }
  });
});
