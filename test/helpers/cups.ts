/**
 * A private CUPS scheduler for tests of the desktop shell's OS printers (main/os-printer.ts): cupsd on a
 * Unix socket in a temporary folder, with raw queues whose device is a TCP port (CUPS's `socket://`
 * backend), so that `lp -d <queue> -o raw` reaches the test printer (escpos-printer.ts) through the real
 * spooler. `startCups()` answers undefined where CUPS is not installed (cupsd, lp, lpadmin, the socket
 * backend) or cannot start; the tests that need it are then skipped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CUPSD = '/usr/sbin/cupsd';
const SOCKET_BACKEND = '/usr/lib/cups/backend/socket';

export interface Cups {
  /** The environment lp and lpadmin need to talk to this scheduler. */
  env: NodeJS.ProcessEnv;
  /** Adds a raw queue that prints to 127.0.0.1:`port`. */
  addQueue(name: string, port: number): void;
  close(): Promise<void>;
}

function onPath(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
}

export function cupsInstalled(): boolean {
  return existsSync(CUPSD) && existsSync(SOCKET_BACKEND) && onPath('lp') && onPath('lpadmin');
}

export async function startCups(): Promise<Cups | undefined> {
  if (!cupsInstalled()) return undefined;
  // cupsd runs the backends as its own user (lp), who must reach the spool below this folder: under /tmp
  // itself, since the test run's temporary root is private to the user running the tests.
  const dir = mkdtempSync(join('/tmp', 'facturador-cups-'));
  chmodSync(dir, 0o755);
  for (const sub of ['spool', 'cache', 'state', 'log', 'tmp', 'ppd']) mkdirSync(join(dir, sub));
  const socket = join(dir, 'cups.sock');
  writeFileSync(join(dir, 'cupsd.conf'), [
    `Listen ${socket}`, 'LogLevel warn', 'DefaultAuthType None',
    '<Location />', '  Order allow,deny', '  Allow all', '</Location>',
    '<Policy default>', '  <Limit All>', '    Order allow,deny', '    Allow all', '  </Limit>', '</Policy>', '',
  ].join('\n'));
  writeFileSync(join(dir, 'cups-files.conf'), [
    `ServerRoot ${dir}`, `RequestRoot ${dir}/spool`, `CacheDir ${dir}/cache`, `StateDir ${dir}/state`, `TempDir ${dir}/tmp`,
    `ErrorLog ${dir}/log/error_log`, `AccessLog ${dir}/log/access_log`, `PageLog ${dir}/log/page_log`, '',
  ].join('\n'));
  const child: ChildProcess = spawn(CUPSD, ['-f', '-c', join(dir, 'cupsd.conf'), '-s', join(dir, 'cups-files.conf')], { stdio: 'ignore' });
  const env = { ...process.env, CUPS_SERVER: socket };
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 50; i++) {
    if (child.exitCode !== null) break;
    if (existsSync(socket) && spawnSync('lpstat', ['-r'], { env }).status === 0) {
      return {
        env,
        addQueue: (name, port) => {
          // Raw queues are deprecated in CUPS but still what a receipt printer needs: no filter touches the bytes.
          const added = spawnSync('lpadmin', ['-p', name, '-E', '-v', `socket://127.0.0.1:${port}`, '-m', 'raw'], { env, encoding: 'utf8' });
          if (added.status !== 0) throw new Error(`lpadmin: ${added.stderr}`);
        },
        close: stop,
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  return undefined;
}
