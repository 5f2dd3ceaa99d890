/**
 * `facturador serve` as a child process, the way it is shipped (bin/facturador.js: the bundle when it is
 * fresh, else the sources through tsx), so that a test can kill -9 it and start it again on the same data
 * directory. Its output is drained (a full pipe would stall it) and the last lines kept for diagnostics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'facturador.js');

function newest(dir: string): number {
  return Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs)));
}

/** Whether bin/facturador.js will run the bundle (fresh, as after `npm ci`) or the sources through tsx (slower start). */
export function runsBundle(env: NodeJS.ProcessEnv = process.env): boolean {
  const bundle = join(ROOT, 'dist', 'facturador.mjs');
  return env['FACTURADOR_FROM_SOURCE'] !== '1' && existsSync(bundle) && statSync(bundle).mtimeMs >= newest(join(ROOT, 'src'));
}
const LISTENING = /facturador listening on (http:\/\/[^\s/]+)\/api\/v1/;

/** Children still alive, killed if the test process ends without stopping them. */
const alive = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of alive) child.kill('SIGKILL');
});

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  pid: number;
  /** ms from spawn to the listening line. */
  startMs: number;
  /** The last lines the child wrote (stdout and stderr). */
  output(): string;
  /** SIGKILL, resolved once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM (clean stop), resolved once the process is gone. */
  stop(): Promise<void>;
}

export async function startServerProcess(dataDir: string, env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<ServerProcess> {
  const started = Date.now();
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  alive.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => {
    alive.delete(child);
    resolve();
  }));
  child.stderr!.on('data', keep);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start within ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${lines.join('\n')}`));
    };
    let head: string | undefined = ''; // stdout up to the listening line (which may arrive split across chunks)
    const early = (code: number | null, signal: NodeJS.Signals | null) => fail(new Error(`the server exited before listening (code ${code}, signal ${signal})`));
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (head === undefined) return;
      head += chunk.toString('utf8');
      const match = LISTENING.exec(head);
      if (match) {
        head = undefined;
        clearTimeout(timer);
        child.off('exit', early);
        resolve(match[1]!);
      }
    });
    child.once('exit', early);
  });
  const gone = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    pid: child.pid!,
    startMs: Date.now() - started,
    output: () => lines.join('\n'),
    kill9: () => gone('SIGKILL'),
    stop: () => gone('SIGTERM'),
  };
}
