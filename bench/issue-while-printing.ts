/**
 * Issuing while receipts print (issue 15: "bench:issue p99 stays < 50 ms while receipts print"): a real
 * `facturador serve` child process and one-line cash tickets posted over loopback at a fixed rate (open
 * loop: a ticket every 1/rate s whatever the answers do, so that a slower answer shows as latency and not
 * as fewer requests), in rounds that alternate two tills of the same shop: one without a printer (the
 * baseline, measured in the same run) and one whose network printer prints every ticket issued on it (the
 * test printer of test/helpers/escpos-printer.ts in this process, decoding each receipt). Prints `name:
 * value unit` lines: p50 and p99 of both, how many receipts arrived, and how long after the last answer.
 * The default rate, 20 tickets a second, is many busy counters at once; `bench:issue` measures saturation.
 * Usage: npm run bench:issue-printing -- [seconds] [tickets per second]
 */
import { rmSync } from 'node:fs';
import { issuePoster, startBenchServer } from './lib/bench-server.ts';
import { percentile } from './lib/percentile.ts';
import { exampleRequest } from '../test/fixtures/example-requests.ts';
import { TestPrinter } from '../test/helpers/escpos-printer.ts';

const seconds = Number(process.argv[2] ?? 10);
const RATE = Number(process.argv[3] ?? 20);
const ROUNDS = 6;
const PRINTING_TERMINAL = '2';
const BASELINE_TERMINAL = '9';

function ticket(terminal: string): Buffer {
  const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
  body['document'] = { ...body['document'], sucursal: '001', punto_venta: terminal };
  body['commercial_info'] = { ...body['commercial_info'], payment_method: 'cash' };
  return Buffer.from(JSON.stringify(body));
}

async function main(): Promise<void> {
  const { server, port, base, headers, dataDir } = await startBenchServer({ env: { FACTURADOR_AUTO_BACKUP: 'off' } });
  const printer = await TestPrinter.start();
  try {
    const added = await fetch(`${base}/printers`, { method: 'POST', headers, body: JSON.stringify({ name: 'Caja 2', connection: 'network', host: printer.host, port: printer.port, terminal: PRINTING_TERMINAL, drawer: true }) });
    if (!added.ok) throw new Error(`printer not added: ${added.status} ${await added.text()}`);

    const post = issuePoster({ port, headers }, 64);
    const latencies = { baseline: [] as number[], printing: [] as number[] };
    let failures = 0;
    let lastAnswer = 0;
    /** Posts a ticket every 1/RATE s until `until`; resolves when every answer is in. */
    const openLoop = async (terminal: string, until: number, record?: number[]) => {
      const payload = ticket(terminal);
      const inFlight: Promise<void>[] = [];
      for (let next = performance.now(); next < until; next += 1000 / RATE) {
        const wait = next - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const t0 = performance.now();
        inFlight.push(post(payload).then((status) => {
          lastAnswer = performance.now();
          if (status !== 201) failures++;
          else record?.push(lastAnswer - t0);
        }));
      }
      await Promise.all(inFlight);
    };
    // Warm-up on both tills: the printing worker starts with the first receipt.
    const warm: number[] = [];
    await openLoop(BASELINE_TERMINAL, performance.now() + 1000);
    await openLoop(PRINTING_TERMINAL, performance.now() + 1000, warm);
    for (let round = 0; round < ROUNDS; round++) {
      const printing = round % 2 === 1;
      await openLoop(printing ? PRINTING_TERMINAL : BASELINE_TERMINAL, performance.now() + (seconds * 1000) / ROUNDS, printing ? latencies.printing : latencies.baseline);
    }
    // Every ticket of the printing rounds prints; the test printer says when the last one came.
    const expected = warm.length + latencies.printing.length;
    const deadline = performance.now() + 60_000;
    while (printer.jobs.length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const lastReceipt = Math.max(...printer.jobs.map((j) => j.firstByteAt));
    const drawers = printer.jobs.filter((j) => j.commands.some((c) => c.type === 'drawer')).length;
    for (const list of Object.values(latencies)) list.sort((a, b) => a - b);
    console.log(`issue_p50_no_printer: ${percentile(latencies.baseline, 50).toFixed(1)} ms`);
    console.log(`issue_p99_no_printer: ${percentile(latencies.baseline, 99).toFixed(1)} ms`);
    console.log(`issue_p50_while_printing: ${percentile(latencies.printing, 50).toFixed(1)} ms`);
    console.log(`issue_p99_while_printing: ${percentile(latencies.printing, 99).toFixed(1)} ms`);
    console.log(`rate: ${RATE} per_second`);
    console.log(`receipts_printed: ${printer.jobs.length - warm.length} of ${latencies.printing.length} count`);
    console.log(`receipts_with_drawer_pulse: ${drawers} of ${printer.jobs.length} count`);
    console.log(`last_receipt_after_last_answer: ${Math.max(0, lastReceipt - lastAnswer).toFixed(0)} ms`);
    console.log(`failed_requests: ${failures} count`);
  } finally {
    server.kill('SIGTERM');
    await printer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
