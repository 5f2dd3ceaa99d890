/**
 * main/index.ts wired against a FAKE `electron` module: the real one cannot be installed here (its binary
 * cannot be downloaded). The fake records what the entry asks of Electron, so this proves the wiring —
 * single-instance lock, vault key through safeStorage, server on loopback, window options, CSP on responses,
 * one-time login URL, tray text, graceful quit — not Electron's own behaviour.
 */
import Module from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SAFE_KEY_FILE } from '../../../main/master-key.ts';
import { CONTENT_SECURITY_POLICY } from '../../../src/api/browser/content-security-policy.ts';
import { tempDir } from './server-fixture.ts';

type Listener = (...args: unknown[]) => void;

function fakeElectron() {
  const appListeners = new Map<string, Listener>();
  const windows: Array<{ options: Record<string, unknown>; url?: string; contentsListeners: Map<string, Listener>; openHandler?: (d: { url: string }) => unknown }> = [];
  const trays: Array<{ tooltip?: string }> = [];
  let headersListener: ((details: unknown, cb: (r: unknown) => void) => void) | undefined;
  const permissionHandlers = new Map<string, (...args: unknown[]) => unknown>();
  let exited: number | undefined;
  const electron = {
    app: {
      requestSingleInstanceLock: () => true,
      on: (event: string, listener: Listener) => appListeners.set(event, listener),
      whenReady: () => Promise.resolve(),
      quit: () => appListeners.get('before-quit')?.({ preventDefault: () => {} }),
      exit: (code?: number) => {
        exited = code ?? 0;
      },
      getVersion: () => '0.0.0',
      isPackaged: true,
    },
    BrowserWindow: class {
      webContents;
      constructor(options: Record<string, unknown>) {
        const record: (typeof windows)[number] = { options, contentsListeners: new Map() };
        windows.push(record);
        this.webContents = {
          setWindowOpenHandler: (h: (d: { url: string }) => unknown) => (record.openHandler = h),
          on: (event: string, l: Listener) => record.contentsListeners.set(event, l),
        };
        this.loadURL = async (url: string) => {
          record.url = url;
        };
      }
      loadURL: (url: string) => Promise<void>;
      once() {}
      on() {}
      show() {}
      focus() {}
      restore() {}
      isMinimized() { return false; }
      isDestroyed() { return false; }
    },
    Tray: class {
      record: { tooltip?: string } = {};
      constructor() {
        trays.push(this.record);
      }
      setToolTip(text: string) { this.record.tooltip = text; }
      setContextMenu() {}
      on() {}
      destroy() {}
    },
    Menu: { buildFromTemplate: (t: unknown) => t },
    nativeImage: { createFromPath: () => ({}), createEmpty: () => ({}) },
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (s: string) => Buffer.from(s, 'utf8').reverse(),
      decryptString: (b: Buffer) => Buffer.from(b).reverse().toString('utf8'),
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: (l: typeof headersListener) => (headersListener = l) },
        setPermissionRequestHandler: (h: (...args: unknown[]) => unknown) => permissionHandlers.set('request', h),
        setPermissionCheckHandler: (h: (...args: unknown[]) => unknown) => permissionHandlers.set('check', h),
      },
    },
    shell: { openExternal: async () => {} },
  };
  return { electron, appListeners, windows, trays, permissionHandlers, headers: () => headersListener, exited: () => exited };
}

describe('main/index.ts: the Electron entry wires the pieces', () => {
  const data = tempDir();
  const fake = fakeElectron();
  const env = { FACTURADOR_DATA_DIR: data.dir, FACTURADOR_DELIVERY: 'off', FACTURADOR_AUTO_BACKUP: 'off', LOG_LEVEL: 'silent' };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const originalLoad = loader._load;
  afterAll(() => {
    loader._load = originalLoad;
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
    data.remove();
  });

  it('starts the core behind a locked-down window and quits gracefully', async () => {
    Object.assign(process.env, env);
    loader._load = function (request: string, ...rest: unknown[]) {
      return request === 'electron' ? fake.electron : originalLoad.call(this, request, ...rest);
    };
    await import('../../../main/index.ts');
    for (let i = 0; i < 200 && !fake.windows[0]?.url; i++) await new Promise((r) => setTimeout(r, 50));

    const window = fake.windows[0]!;
    const url = new URL(window.url!);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/login');
    expect(url.hash.length).toBeGreaterThan(40);
    expect(window.options['webPreferences']).toMatchObject({ contextIsolation: true, nodeIntegration: false, sandbox: true, devTools: false });
    // Permission requests and checks are both refused on the window's session.
    expect(fake.permissionHandlers.get('check')?.({}, 'notifications', url.origin, {})).toBe(false);
    const granted: boolean[] = [];
    fake.permissionHandlers.get('request')?.({}, 'media', (g: boolean) => granted.push(g), {});
    expect(granted).toEqual([false]);
    expect(existsSync(join(data.dir, SAFE_KEY_FILE))).toBe(true);
    expect(fake.trays[0]?.tooltip).toBe('Facturador — todo enviado a Hacienda');

    // Every response of the API origin gets the shell's CSP.
    let responseHeaders: Record<string, string[]> | undefined;
    fake.headers()!({ url: `${url.origin}/`, responseHeaders: {} }, (r) => ({ responseHeaders } = r as { responseHeaders: Record<string, string[]> }));
    expect(responseHeaders!['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);

    // Navigation away is stopped; new windows are denied.
    let prevented = false;
    window.contentsListeners.get('will-navigate')!({ preventDefault: () => (prevented = true) }, 'https://evil.example/');
    expect(prevented).toBe(true);
    expect(window.openHandler!({ url: 'https://www.hacienda.go.cr/' })).toEqual({ action: 'deny' });

    // The status answers until quit; quitting closes the server, then exits.
    expect((await fetch(`${url.origin}/api/v1/status`)).status).toBe(200);
    fake.electron.app.quit();
    for (let i = 0; i < 200 && fake.exited() === undefined; i++) await new Promise((r) => setTimeout(r, 50));
    expect(fake.exited()).toBe(0);
    await expect(fetch(`${url.origin}/api/v1/status`)).rejects.toThrow();
  });
});
