/**
 * The preload script (bundled to preload/dist/index.cjs: a sandboxed preload runs as CommonJS and may only
 * require 'electron'). It exposes `window.facturador = { apiBaseUrl }` through contextBridge, so that the
 * renderer never sees Node, Electron or ipcRenderer.
 */
import { bridgeFromArgv } from './bridge.ts';

interface PreloadElectron {
  contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sandboxed preload has require('electron') only; the package's types are not installed (main/electron-api.ts)
const { contextBridge } = require('electron') as PreloadElectron;

contextBridge.exposeInMainWorld('facturador', bridgeFromArgv(process.argv));
