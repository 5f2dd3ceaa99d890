/**
 * The desktop shell's OS printers (docs/printing.md, "USB and system printers"): the core's `OsPrinter` port,
 * handing a receipt's ESC/POS bytes to an OS printer queue in raw mode, so that no driver reflows them. On
 * Linux and macOS that is CUPS's `lp -d <queue> -o raw`, the bytes on its standard input (no shell: the
 * queue name is one argument). Windows is not done yet (its spooler wants a RAW document through the
 * winspool API); there the shell gives no port and such printers are refused as on the headless server.
 * `printed: true` means the spooler took the job; what happens at the printer then is the spooler's.
 */
import { spawn } from 'node:child_process';
import type { OsPrinter, SendOutcome } from '../src/index.ts';

export interface LpOptions {
  /** The program (default `lp`, found on PATH). */
  command?: string;
  /** Until lp has taken the job and exited; a spooler that hangs is a timeout, not a stuck sale. */
  timeoutMs?: number;
  /** Environment for lp (e.g. CUPS_SERVER); default the process's. */
  env?: NodeJS.ProcessEnv;
}

/** What lp writes when the queue is unknown (CUPS in English and in Spanish), or the scheduler is not there. */
const NO_QUEUE = /does not exist|no existe|not found|scheduler not responding|no responde|unable to connect|connection refused/i;

export function lpPrinter(options: LpOptions = {}): OsPrinter {
  const command = options.command ?? 'lp';
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    print: (queue, bytes) => new Promise<SendOutcome>((resolve) => {
      let settled = false;
      let stderr = '';
      const settle = (outcome: SendOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const child = spawn(command, ['-d', queue, '-o', 'raw'], { stdio: ['pipe', 'ignore', 'pipe'], env: options.env ?? process.env });
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        settle({ printed: false, reason: 'timeout', detail: `${command} did not finish within ${timeoutMs} ms` });
      }, timeoutMs);
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        if (stderr.length < 2000) stderr += chunk;
      });
      child.on('error', (error: NodeJS.ErrnoException) => {
        const missing = error.code === 'ENOENT';
        settle({ printed: false, reason: missing ? 'unreachable' : 'failed', detail: missing ? `${command} is not installed (CUPS)` : error.message });
      });
      child.on('close', (code) => {
        if (code === 0) return settle({ printed: true });
        const detail = stderr.trim() || `${command} exited with ${code}`;
        settle({ printed: false, reason: NO_QUEUE.test(detail) ? 'unreachable' : 'failed', detail });
      });
      // A child that died before reading everything: its exit code tells what happened.
      child.stdin.on('error', () => undefined);
      child.stdin.end(bytes);
    }),
  };
}

/** The port for this platform: `lp` on Linux and macOS; none on Windows (not yet). */
export function desktopOsPrinter(platform: NodeJS.Platform = process.platform): OsPrinter | undefined {
  return platform === 'linux' || platform === 'darwin' ? lpPrinter() : undefined;
}
