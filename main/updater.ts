/**
 * Automatic updates through electron-updater, off unless a feed is configured: a shop's counter must not
 * change software in the middle of a working day because of a default. FACTURADOR_UPDATE_URL (https only)
 * names a generic feed (the folder electron-builder publishes latest.yml and the installers to).
 *
 * electron-updater is loaded lazily and optionally: it is not a dependency of the default install (it is
 * packaged with the desktop build, docs/desktop.md), and without it the app simply does not update.
 */
export interface UpdaterSettings {
  enabled: boolean;
  feedUrl?: string;
}

export function updaterSettings(env: NodeJS.ProcessEnv = process.env): UpdaterSettings {
  const raw = env['FACTURADOR_UPDATE_URL']?.trim();
  if (!raw) return { enabled: false };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { enabled: false };
  }
  // An update is code that will run with the shop's keys: never over plain HTTP.
  if (url.protocol !== 'https:') return { enabled: false };
  return { enabled: true, feedUrl: url.href };
}

export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<{ isUpdateAvailable?: boolean; updateInfo?: { version?: string } } | null>;
  checkForUpdatesAndNotify(): Promise<unknown>;
}

export type UpdaterLoader = () => Promise<{ autoUpdater: AutoUpdaterLike }>;

// A specifier in a variable: TypeScript does not look for the (absent) package's types, and esbuild leaves
// the import to run time.
const UPDATER_PACKAGE = 'electron-updater';
const loadElectronUpdater: UpdaterLoader = async () => {
  const module = (await import(UPDATER_PACKAGE)) as { autoUpdater?: AutoUpdaterLike; default?: { autoUpdater: AutoUpdaterLike } };
  const autoUpdater = module.autoUpdater ?? module.default?.autoUpdater;
  if (!autoUpdater) throw new Error('electron-updater has no autoUpdater');
  return { autoUpdater };
};

export type UpdaterOutcome = 'off' | 'unavailable' | 'started' | 'notify-only';

/**
 * Whether electron-updater checks who signed a downloaded package before installing it: on Windows against
 * the `publisherName` packaged in app-update.yml (electron-builder.yml, win.signtoolOptions), on macOS through
 * Squirrel.Mac against the running app's own signature. On Linux (AppImage, deb) it checks only the sha512
 * that the same feed publishes, so whoever controls the feed controls the counter's code: there the app
 * never installs by itself and only says that a version is out (docs/desktop.md).
 */
export function verifiesSignatures(platform: NodeJS.Platform): boolean {
  return platform === 'win32' || platform === 'darwin';
}

export async function startUpdater(settings: UpdaterSettings, log: (message: string) => void, load: UpdaterLoader = loadElectronUpdater, platform: NodeJS.Platform = process.platform): Promise<UpdaterOutcome> {
  if (!settings.enabled || !settings.feedUrl) return 'off';
  let autoUpdater: AutoUpdaterLike;
  try {
    ({ autoUpdater } = await load());
  } catch {
    log('updates: electron-updater is not installed; automatic updates are off');
    return 'unavailable';
  }
  autoUpdater.setFeedURL({ provider: 'generic', url: settings.feedUrl });
  if (!verifiesSignatures(platform)) {
    autoUpdater.autoDownload = false;
    autoUpdater.autoInstallOnAppQuit = false;
    autoUpdater.checkForUpdates().then((result) => {
      if (result?.isUpdateAvailable) log(`updates: version ${result.updateInfo?.version ?? '?'} is available; install it from your package source (automatic updates are not verified on Linux)`);
    }, (err: unknown) => log(`updates: check failed (${String(err)})`));
    return 'notify-only';
  }
  // A failed check (offline counter) is not an error worth more than a line.
  autoUpdater.checkForUpdatesAndNotify().catch((err: unknown) => log(`updates: check failed (${String(err)})`));
  return 'started';
}
