/**
 * Issuing benchmark over HTTP on loopback: a real `facturador serve` child process, 16 concurrent clients
 * posting one-line tickets to POST /api/v1/electronic-documents for a fixed time. Prints sustained tickets
 * per second, p50 / p99 latency, the server's peak RSS, and — measured in this process in the same run —
 * the in-process signer rate (request -> signed bytes, as bench/sign) that the HTTP figure is compared to.
 * Usage: npm run bench:issue [-- seconds]
 */
import { issuePoster, startBenchServer } from './lib/bench-server.ts';
import { percentile } from './lib/percentile.ts';
import { readFileSync, rmSync } from 'node:fs';
import { prepareDocument } from '../src/documents/prepare-document.ts';
import { InMemoryCounter } from '../src/documents/numbering.ts';
import { shippedCabysCatalog } from '../src/catalogs/cabys-catalog.ts';
import { signXml } from '../src/signing/xades-signer.ts';
import { loadP12 } from '../src/signing/p12.ts';
import { makeTestP12, TEST_PIN } from '../test/fixtures/certificates.ts';
import { exampleRequest } from '../test/fixtures/example-requests.ts';

const seconds = Number(process.argv[2] ?? 10);
const CLIENTS = 16;

const ticket = (): Record<string, unknown> => exampleRequest('04-tiquete', new Date(Date.now() - 60_000));

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** CPU seconds (user + system, all threads) a process has used, from /proc. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

let signerIdentity: ReturnType<typeof loadP12> | undefined;

/** The in-process signer rate: parsed request -> signed bytes, per second of CPU time. */
function signerRate(p12: Buffer, seconds: number): number {
  const identity = (signerIdentity ??= loadP12(p12, TEST_PIN));
  const ctx = { now: new Date(), counter: new InMemoryCounter(), cabys: shippedCabysCatalog() };
  const body = ticket();
  const run = () => signXml(prepareDocument(body, ctx).xml, identity);
  for (let i = 0; i < 100; i++) run();
  const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
  const start = cpu();
  let n = 0;
  while (cpu() - start < seconds) { run(); n++; }
  return n / (cpu() - start);
}

async function main(): Promise<void> {
  const profile = process.env['BENCH_PROFILE_DIR'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_PROFILE_DIR']}`] : [];
  const { server, port, headers, dataDir } = await startBenchServer({ nodeArgs: profile });
  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' });
  const body = JSON.stringify(ticket());
  const latencies: number[] = [];
  let failures = 0;
  const payload = Buffer.from(body);
  const postPayload = issuePoster({ port, headers }, CLIENTS);
  const post = () => postPayload(payload);
  const client = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const status = await post();
      if (status !== 201) failures++;
      else if (record) latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, () => client(performance.now() + 2000, false))); // warm-up
  // Rounds alternate HTTP load and the in-process signer, so that a slower or faster stretch of this shared
  // machine shifts both alike; the ratio is the median of the rounds' ratios.
  const ROUNDS = 5;
  const rates: number[] = [];
  const signers: number[] = [];
  const ratios: number[] = [];
  let serverCpuUsed = 0;
  let clientCpuUsed = 0;
  let elapsedTotal = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const before = latencies.length;
    const start = performance.now();
    const clientCpu = process.cpuUsage();
    const serverCpu = cpuSecondsOf(server.pid!);
    await Promise.all(Array.from({ length: CLIENTS }, () => client(start + (seconds * 1000) / ROUNDS, true)));
    const elapsed = (performance.now() - start) / 1000;
    const used = process.cpuUsage(clientCpu);
    clientCpuUsed += (used.user + used.system) / 1e6;
    serverCpuUsed += cpuSecondsOf(server.pid!) - serverCpu;
    elapsedTotal += elapsed;
    rates.push((latencies.length - before) / elapsed);
    signers.push(signerRate(p12, 1));
    ratios.push(rates[round]! / signers[round]!);
  }
  const rss = peakRssMb(server.pid!);
  server.kill('SIGTERM');
  latencies.sort((a, b) => a - b);
  console.log(`http_tickets_issued: ${median(rates).toFixed(0)} per_second`);
  console.log(`http_latency_p50: ${percentile(latencies, 50).toFixed(1)} ms`);
  console.log(`http_latency_p99: ${percentile(latencies, 99).toFixed(1)} ms`);
  console.log(`server_peak_rss: ${rss.toFixed(0)} MB`);
  console.log(`in_process_signer: ${median(signers).toFixed(0)} per_second`);
  console.log(`http_vs_in_process_signer: ${(median(ratios) * 100).toFixed(1)} %`);
  console.log(`failed_requests: ${failures} count`);
  console.log(`server_cpu: ${((serverCpuUsed / elapsedTotal) * 100).toFixed(0)} %_of_one_core`);
  console.log(`client_cpu: ${((clientCpuUsed / elapsedTotal) * 100).toFixed(0)} %_of_one_core`);
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
