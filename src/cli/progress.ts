/**
 * A progress bar on stderr, so that stdout keeps only the result. On a terminal it redraws one line at most
 * ten times a second; elsewhere (a log file, CI) it writes a plain line at every tenth of the way.
 */

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  update(done: number, total?: number): void;
  /** Ends the bar (a last redraw and a newline on a terminal). */
  finish(): void;
}

const REDRAW_MS = 100;

function bar(fraction: number, width: number): string {
  const filled = Math.round(fraction * width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

export function progressBar(stream: ProgressStream, label: string, now: () => number = Date.now): Progress {
  let lastDraw = -Infinity;
  let lastDecile = -1;
  let state = { done: 0, total: undefined as number | undefined };
  const line = () => {
    const { done, total } = state;
    if (!total) return `${label} ${done}`;
    const fraction = Math.min(1, done / total);
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - label.length - 30));
    return `${label} [${bar(fraction, width)}] ${Math.floor(fraction * 100)}% ${done}/${total}`;
  };
  return {
    update(done, total) {
      state = { done, total };
      if (stream.isTTY) {
        if (now() - lastDraw < REDRAW_MS) return;
        lastDraw = now();
        stream.write(`\r${line()}\x1b[K`);
        return;
      }
      const decile = total ? Math.floor((10 * done) / total) : -1;
      if (decile > lastDecile && decile < 10) {
        lastDecile = decile;
        stream.write(`${line()}\n`);
      }
    },
    finish() {
      stream.write(stream.isTTY ? `\r${line()}\x1b[K\n` : `${line()}\n`);
    },
  };
}
