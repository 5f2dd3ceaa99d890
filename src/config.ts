/** Settings from command-line flags, the environment and defaults. */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isProviderSystemId } from './domain/identification.ts';

export interface Config {
  dataDir: string; // FACTURADOR_DATA_DIR
  /** DATABASE_URL: a PostgreSQL database (head offices, hosted service) instead of the data folder's SQLite file. */
  databaseUrl?: string;
  host: string; // 127.0.0.1 unless --host is given
  port: number; // --port / PORT, default 8780
  providerSystemId?: string; // FACTURADOR_PROVIDER_ID: ProveedorSistemas
  logLevel: string; // LOG_LEVEL
  /** FACTURADOR_ALLOWED_HOSTS: extra `Host` values accepted besides the bound address (reverse proxy). */
  allowedHosts?: string[];
}

export const DEFAULT_PORT = 8780;

/** The OS application-data folder (XDG on Linux, Application Support on macOS, APPDATA on Windows). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (process.platform === 'win32') return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'facturador');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'facturador');
  return join(env['XDG_DATA_HOME'] ?? join(homedir(), '.local', 'share'), 'facturador');
}

export function loadConfig(flags: { port?: string; host?: string; dataDir?: string; databaseUrl?: string } = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(flags.port ?? env['PORT'] ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port ${flags.port ?? env['PORT']}`);
  const provider = env['FACTURADOR_PROVIDER_ID'] || undefined;
  // Every document would carry it (ProveedorSistemas): a malformed one is refused here, not by Hacienda later.
  if (provider !== undefined && !isProviderSystemId(provider)) throw new Error(`FACTURADOR_PROVIDER_ID ${provider} is not a física, jurídica, DIMEX or NITE identification`);
  return {
    dataDir: flags.dataDir ?? env['FACTURADOR_DATA_DIR'] ?? defaultDataDir(env),
    databaseUrl: flags.databaseUrl ?? (env['DATABASE_URL'] || undefined),
    host: flags.host ?? '127.0.0.1',
    port,
    providerSystemId: provider,
    logLevel: env['LOG_LEVEL'] ?? 'info',
    allowedHosts: (env['FACTURADOR_ALLOWED_HOSTS'] ?? '').split(',').map((h) => h.trim()).filter(Boolean),
  };
}
