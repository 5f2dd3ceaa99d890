/**
 * `facturador hacienda-simulator --port P [--users user:pass,...]`: runs the local tax-authority
 * simulator until interrupted and prints the endpoint settings that point the app at it.
 */
import { startSimulator } from './server.ts';
import { DEFAULT_SIMULATOR_USERS } from './types.ts';

/** "user:pass,user2:pass2" → map; the password may itself contain ':' (split at the first one). */
export function parseUsers(text: string): Record<string, string> {
  const users: Record<string, string> = {};
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    const at = entry.indexOf(':');
    if (at <= 0) throw new Error(`--users entries are user:password, got "${entry}"`);
    users[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return users;
}

export async function simulatorCommand(flags: { port?: string; users?: string }): Promise<void> {
  const port = Number(flags.port ?? 8089);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got "${flags.port}"`);
  const usersText = flags.users ?? process.env.HACIENDA_SIMULATOR_USERS;
  const users = usersText ? parseUsers(usersText) : { ...DEFAULT_SIMULATOR_USERS };
  const simulator = await startSimulator({ port, users });
  const lines = [
    `Hacienda simulator listening on ${simulator.url}`,
    '',
    'Point Facturador at it with:',
    `HACIENDA_IDP_URL_STAGING=${simulator.idpUrlStaging}`,
    `HACIENDA_IDP_URL_PRODUCTION=${simulator.idpUrlProduction}`,
    `HACIENDA_API_URL_STAGING=${simulator.apiUrl}`,
    `HACIENDA_API_URL_PRODUCTION=${simulator.apiUrl}`,
    `HACIENDA_PUBLIC_API_URL=${simulator.publicApiUrl}`,
    '',
    `Users: ${Object.keys(users).join(', ')}${usersText ? '' : ` (password "${Object.values(users)[0] ?? ''}")`}`,
    'Press Ctrl+C to stop.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => void simulator.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
