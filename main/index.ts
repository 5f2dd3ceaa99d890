/**
 * The Electron main process (bundled to main/dist/index.js by scripts/build-main.mjs; started by
 * `npm run desktop`). It only wires the pieces, each of which is a plain module tested in Node:
 * single instance -> vault key from safeStorage -> core + API on a random loopback port -> window with a
 * one-time login, strict CSP and locked navigation -> tray with the queue -> optional updates ->
 * graceful shutdown at quit. docs/desktop.md explains the decisions.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { loadConfig, resourcePath, startServer, type Server } from '../src/index.ts';
import type { BrowserWindowApi, ElectronMain, TrayApi } from './electron-api.ts';
import { desktopMasterKey, electronSafeStorage } from './master-key.ts';
import { lockPermissions } from './permissions.ts';
import { desktopOsPrinter } from './os-printer.ts';
import { desktopServerFlags, loopbackOrigin } from './ports.ts';
import { rendererLoginUrl } from './session-key.ts';
import { shutdown, shutdownStepsOf } from './shutdown.ts';
import { claimSingleInstance, focusExistingWindow } from './single-instance.ts';
import { trayState, trayText } from './tray.ts';
import { startUpdater, updaterSettings } from './updater.ts';
import { isExternalWebLink, isSameOrigin, webPreferences, withContentSecurityPolicy } from './window.ts';

const electron = createRequire(import.meta.url)('electron') as ElectronMain;
const { app, BrowserWindow, Menu, Tray, nativeImage, safeStorage, session, shell } = electron;

const PRELOAD = fileURLToPath(new URL('../../preload/dist/index.cjs', import.meta.url));
const TRAY_REFRESH_MS = 5_000;

let server: Server | undefined;
let window: BrowserWindowApi | undefined;
let tray: TrayApi | undefined;
let trayTimer: NodeJS.Timeout | undefined;
let quitting = false;

function openWindow(current: Server): void {
  const origin = loopbackOrigin(current.url);
  window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 768,
    show: false,
    title: 'Facturador',
    webPreferences: webPreferences(PRELOAD, `${origin}/api/v1`, { packaged: app.isPackaged }),
  });
  const contents = window.webContents;
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebLink(url) && !isSameOrigin(url, origin)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  for (const event of ['will-navigate', 'will-redirect'] as const) {
    contents.on(event, (e, url) => {
      if (!isSameOrigin(url, origin)) e.preventDefault();
    });
  }
  window.once('ready-to-show', () => window?.show());
  window.on('closed', () => {
    window = undefined;
  });
  // A fresh single-use token each time a window opens: the cookie it yields dies with the server.
  void window.loadURL(rendererLoginUrl(current.url, current.app.browserSessions));
}

function startTray(current: Server): void {
  try {
    tray = new Tray(nativeImage.createFromPath(resourcePath('icons', 'tray.png')));
  } catch {
    return; // some Linux desktops have no tray: the app works without it
  }
  tray.setContextMenu(Menu.buildFromTemplate([
    { label: 'Abrir Facturador', click: () => (focusExistingWindow(window) ? undefined : openWindow(current)) },
    { type: 'separator' },
    { label: 'Salir', click: () => app.quit() },
  ]));
  const refresh = () => tray?.setToolTip(trayText(trayState(current.core)));
  refresh();
  trayTimer = setInterval(refresh, TRAY_REFRESH_MS);
}

async function start(): Promise<void> {
  const dataDir = loadConfig().dataDir;
  const master = await desktopMasterKey({ dataDir, safeStorage: electronSafeStorage(safeStorage), log: (m) => console.info(m) });
  // The OS printers (USB, system queues) are the desktop's: the headless server has none (main/os-printer.ts).
  server = await startServer(desktopServerFlags(dataDir), { ...(master ? { masterKey: master.key } : {}), osPrinter: desktopOsPrinter() });
  const origin = loopbackOrigin(server.url);
  const defaultSession = session.defaultSession;
  defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.url, details.responseHeaders, origin) });
  });
  // Camera, notifications, geolocation, USB…: the screens need none of them (main/permissions.ts).
  lockPermissions(defaultSession);
  openWindow(server);
  startTray(server);
  void startUpdater(updaterSettings(), (m) => server?.core.log.info(m));
}

if (!claimSingleInstance(app, () => window)) {
  app.quit();
} else {
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (quitting || !server) return;
    // Hold the quit until the in-flight work is done (main/shutdown.ts), then leave for real.
    event.preventDefault();
    quitting = true;
    clearInterval(trayTimer);
    tray?.destroy();
    const log = (m: string) => server?.core.log.warn(m);
    void shutdown(shutdownStepsOf(server), { log }).finally(() => app.exit(0));
  });
  app.whenReady().then(start).catch((err: unknown) => {
    console.error('facturador: the desktop app could not start:', err);
    app.exit(1);
  });
}
