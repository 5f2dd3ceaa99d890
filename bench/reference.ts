/**
 * Issue 5's benchmark in one run: CABYS search latency over 1,000 varied queries, PDF render time per A4
 * invoice and per 80 mm receipt, and the fiscal-archive export rate for 10,000 documents. Each part runs in
 * its own process (one part's heap and warm caches must not flatter the next) and prints its own
 * `name: value unit` lines. Usage: npm run bench:reference
 */
import { spawnSync } from 'node:child_process';

const PARTS = ['cabys', 'pdf', 'archive'];

for (const part of PARTS) {
  const script = new URL(`./reference/${part}.ts`, import.meta.url).pathname;
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`bench/reference/${part}.ts failed (exit ${run.status ?? run.signal})`);
    process.exit(1);
  }
}
