/**
 * The few Electron APIs the shell uses, declared here instead of importing the `electron` package's types:
 * the package's install script downloads the Electron binary, which these machines cannot do, and the
 * default install must not need it (docs/desktop.md). main/index.ts loads the real module at run time with
 * `require('electron')` and casts it to these shapes; they follow Electron's documented signatures.
 */

export interface SafeStorageApi {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(cipher: Buffer): string;
  /** Linux only: 'basic_text' means a hard-coded password, i.e. no real protection. */
  getSelectedStorageBackend?(): string;
  /** Newer Electron versions: the asynchronous API the issue asks for, used when present. */
  isAsyncEncryptionAvailable?(): Promise<boolean>;
  encryptStringAsync?(plain: string): Promise<Buffer>;
  decryptStringAsync?(cipher: Buffer): Promise<string | { result: string; shouldReEncrypt?: boolean }>;
}

export interface WebContentsApi {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void;
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void }, url: string) => void): void;
}

export interface BrowserWindowApi {
  webContents: WebContentsApi;
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): void;
  on(event: 'closed', listener: () => void): void;
  show(): void;
  focus(): void;
  restore(): void;
  isMinimized(): boolean;
  isDestroyed(): boolean;
}

export interface TrayApi {
  setToolTip(text: string): void;
  setContextMenu(menu: unknown): void;
  on(event: 'click', listener: () => void): void;
  destroy(): void;
}

export interface AppApi {
  requestSingleInstanceLock(): boolean;
  on(event: 'second-instance' | 'window-all-closed', listener: () => void): void;
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): void;
  whenReady(): Promise<void>;
  quit(): void;
  exit(code?: number): void;
  getVersion(): string;
  /** True in an installed app, false when run from a checkout (`npm run desktop`). */
  readonly isPackaged: boolean;
}

export interface HeadersDetails {
  url: string;
  responseHeaders?: Record<string, string[]>;
}

export interface PermissionSessionApi {
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string, requestingOrigin: string, details: unknown) => boolean): void;
  /** Electron 16 and later: WebUSB, WebHID and Web Serial devices. */
  setDevicePermissionHandler?(handler: (details: unknown) => boolean): void;
}

export interface SessionApi extends PermissionSessionApi {
  webRequest: {
    onHeadersReceived(listener: (details: HeadersDetails, callback: (response: { responseHeaders?: Record<string, string[]> }) => void) => void): void;
  };
}

export interface ElectronMain {
  app: AppApi;
  BrowserWindow: new (options: Record<string, unknown>) => BrowserWindowApi;
  Tray: new (image: unknown) => TrayApi;
  Menu: { buildFromTemplate(template: Array<{ label?: string; type?: 'separator'; enabled?: boolean; click?: () => void }>): unknown };
  nativeImage: { createFromPath(path: string): unknown; createEmpty(): unknown };
  safeStorage: SafeStorageApi;
  session: { defaultSession: SessionApi };
  shell: { openExternal(url: string): Promise<void> };
}
