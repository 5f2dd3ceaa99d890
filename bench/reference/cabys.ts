/**
 * CABYS search latency: 1,000 varied queries (words from the catalog as typed, without accents or in
 * capitals, word starts, plurals, two words, code prefixes plain and with dashes or dots, unrelated word
 * pairs) against the shipped catalog, each timed alone: in process (what GET /reference/cabys runs) and
 * over HTTP on loopback against a real server. Baseline in the same run: a linear scan of the folded
 * descriptions (what a search without an index costs). Also the one-off build of catalogs.db.
 * Prints `name: value unit` lines. Usage: npm run bench:cabys [-- queries]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Catalogs } from '../../src/catalogs/catalogs.ts';
import { readShippedCabys } from '../../src/catalogs/cabys-catalog.ts';
import { foldText, foldedWords, searchWords } from '../../src/catalogs/search-text.ts';
import { startTestServer, seedOrganization } from '../../test/api/harness.ts';

const COUNT = Number(process.argv[2] ?? 1000);
const entries = readShippedCabys();

/** A small deterministic generator (mulberry32), so every run asks the same queries. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function queries(count: number): string[] {
  const next = random(20261125);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4);
  const word = () => {
    for (;;) {
      const found = words(pick(entries).description);
      if (found.length > 0) return pick(found);
    }
  };
  const kinds: (() => string)[] = [
    () => word(), // as written, accents and all
    () => foldText(word()), // typed without accents
    () => word().toUpperCase(),
    () => word().slice(0, 3 + Math.floor(next() * 3)), // the start of a word
    () => `${foldText(word())}s`, // a plural
    () => words(pick(entries).description).slice(0, 2).join(' ') || word(), // two words of one entry
    () => `${word()} ${word()}`, // two unrelated words: usually the any-word fallback
    () => pick(entries).code.slice(0, 1 + Math.floor(next() * 13)), // a code prefix
    () => pick(entries).code.slice(0, 4 + Math.floor(next() * 9)).replace(/^(\d{4})(\d+)$/, '$1-$2'), // with a dash
    () => pick(entries).code.slice(0, 7).replace(/^(\d)(\d{2})(\d+)$/, '$1.$2.$3'), // with dots
  ];
  return Array.from({ length: count }, () => pick(kinds)());
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Each query's wall time and CPU time (user + system of this process), sorted. The CPU figure is what
 * other processes on a busy machine cannot inflate; the wall figure is what a caller waits.
 */
function timeEach(list: string[], run: (q: string) => unknown): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const q of list) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    run(q);
    wall.push(Number(process.hrtime.bigint() - start) / 1e6);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

const ms = (value: number) => value.toFixed(3);

function report(name: string, sorted: number[]): void {
  console.log(`${name}_p50: ${ms(percentile(sorted, 50))} ms`);
  console.log(`${name}_p99: ${ms(percentile(sorted, 99))} ms`);
  console.log(`${name}_max: ${ms(sorted.at(-1)!)} ms`);
}

/** The baseline: every description folded once, then scanned for all the words of each query. */
function linearScan(): (q: string) => unknown {
  const folded = entries.map((e) => ({ code: e.code, text: foldText(e.description) }));
  return (q) => {
    const digits = q.replace(/[ .-]/g, '');
    if (/^\d+$/.test(digits)) return folded.filter((e) => e.code.startsWith(digits)).slice(0, 20);
    const words = searchWords(q);
    return folded.filter((e) => words.every((w) => e.text.includes(w))).slice(0, 20);
  };
}

const dir = mkdtempSync(join(tmpdir(), 'facturador-bench-cabys-'));
try {
  const list = queries(COUNT);
  const catalogs = new Catalogs({ dataDir: dir });
  const cpu = process.cpuUsage();
  const started = performance.now();
  catalogs.warm();
  const used = process.cpuUsage(cpu);
  console.log(`catalog_db_build: ${Math.round(performance.now() - started)} ms`);
  console.log(`catalog_db_build_cpu: ${Math.round((used.user + used.system) / 1000)} ms`);

  const search = (q: string) => catalogs.cabys.search(q, { page: 1, perPage: 20 });
  for (const q of list) search(q); // prepared statements and page cache, as in a running server
  const found = list.filter((q) => search(q).total > 0).length;
  console.log(`cabys_queries: ${list.length} queries`);
  console.log(`cabys_queries_with_results: ${found} queries`);
  console.log(`cabys_distinct_words: ${new Set(list.flatMap(foldedWords)).size} words`);
  const indexed = timeEach(list, search);
  report('cabys_search', indexed.wall);
  report('cabys_search_cpu', indexed.cpu);
  const scan = timeEach(list, linearScan());
  report('cabys_linear_scan', scan.wall);
  console.log(`cabys_search_p99_vs_linear_scan_p99: ${(percentile(indexed.wall, 99) / percentile(scan.wall, 99)).toFixed(3)} ratio`);
  catalogs.close();

  // End to end: the same queries to GET /api/v1/reference/cabys of a real server, one at a time.
  const server = await startTestServer({ dataDir: join(dir, 'server') });
  try {
    server.server.core.catalogs.warm();
    const key = seedOrganization(server).key;
    const headers = { authorization: `Bearer ${key}` };
    const call = (q: string) => fetch(`${server.url}/api/v1/reference/cabys?q=${encodeURIComponent(q)}`, { headers }).then((r) => r.arrayBuffer());
    for (const q of list.slice(0, 200)) await call(q);
    const times: number[] = [];
    for (const q of list) {
      const start = process.hrtime.bigint();
      await call(q);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    report('cabys_http', times.sort((a, b) => a - b));
  } finally {
    await server.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
