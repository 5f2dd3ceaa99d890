/**
 * `facturador serve [--port N] [--host ADDR] [--data-dir DIR]`: the embedded API on 127.0.0.1:8780 by default
 * (server.ts starts it). Logs one line with the address; warms the catalogs in a child process; stops cleanly
 * on SIGINT / SIGTERM. With DATABASE_URL the store is PostgreSQL, which several `serve` processes may share,
 * each with its own --data-dir and all with the same FACTURADOR_MASTER_KEY (docs/postgresql.md).
 */
import { spawn } from 'node:child_process';
import { DataDirInUse, MasterKeyMismatch, startServer, type Server } from '../server.ts';
import type { Output } from './output.ts';

/**
 * Builds (or checks) the catalog database once the API already answers, in a short-lived child process
 * (`facturador catalogs status`): about a second on first start, and the build's working set (20–50 MB)
 * stays out of the server's heap, which would otherwise keep it. Reference requests meanwhile wait for the
 * child's transaction or build the catalogs themselves; nothing depends on the child succeeding.
 */
function warmCatalogs(server: Server): () => Promise<void> {
  const script = process.argv[1];
  if (!script) return async () => undefined;
  const child = spawn(process.execPath, [...process.execArgv, script, 'catalogs', 'status', '--data-dir', server.core.config.dataDir], { stdio: 'ignore' });
  child.on('error', (err) => server.core.log.error({ err }, 'catalogs: could not start the catalog build'));
  child.on('exit', (code) => {
    if (code !== 0) server.core.log.error(`catalogs: the catalog build exited with ${code}; reference requests will try again`);
  });
  child.unref();
  // Stopped with the server: a build left running would write into the data directory after the server is
  // gone (and re-create a folder just removed). Its work is one transaction, redone at the next start.
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve()); // never started
  });
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
}

export async function serveCommand(flags: { port?: string; host?: string; dataDir?: string }, out: Output): Promise<number> {
  let server: Server;
  try {
    server = await startServer(flags);
  } catch (error) {
    if (!(error instanceof DataDirInUse || error instanceof MasterKeyMismatch)) throw error;
    out.error(`facturador: ${error.message}`);
    return 1;
  }
  const stopCatalogs = warmCatalogs(server);
  const stop = () => {
    void Promise.all([stopCatalogs(), server.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}
