/**
 * The local tax authority in its own process, for benchmarks: the real service's work (checks, signing its
 * answers) does not run on the app's event loop, as it does not in production. Started with the port and
 * the user on the command line; prints "ready" once listening and stops on SIGTERM.
 * Usage: tsx bench/lib/simulator-process.ts PORT USER PASSWORD
 */
import { startSimulator } from '../../src/hacienda/simulator/server.ts';

const [port, user, password] = process.argv.slice(2);
const simulator = await startSimulator({
  port: Number(port),
  users: { [user!]: password! },
  // The app's throughput is measured, not the simulator's signature check (DRAIN_VERIFY=1 turns it on).
  verifySignatures: process.env['DRAIN_VERIFY'] === '1',
});
process.stdout.write('ready\n');
// Asked on stdin ("cpu"), answers the CPU time it has used, so the bench can report it per document.
process.stdin.setEncoding('utf8').on('data', () => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(`${(user + system) / 1000}\n`);
});
process.once('SIGTERM', () => void simulator.close().then(() => process.exit(0)));
