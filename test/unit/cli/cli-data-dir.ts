/**
 * What the CLI tests against a running server's data directory share: the environment the commands run in
 * (the server's master key, no OS keyring, no logs), a temporary data directory, and a run of one command
 * with its exit code and output.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../src/cli.ts';
import type { Output } from '../../../src/cli/output.ts';
import { TEST_MASTER_KEY } from '../../api/harness.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliDataDir {
  dataDir: string;
  /** Runs `facturador <args> --data-dir <dataDir>`. */
  run(...args: string[]): Promise<CliRun>;
  /** Removes the data directory and puts the environment back. */
  cleanUp(): void;
}

/** Sets the environment (the same master key as the test server, no OS keyring) and makes a data directory. */
export function prepareCliDataDir(prefix: string): CliDataDir {
  const savedEnv = { ...process.env };
  process.env['FACTURADOR_KEYRING'] = 'off';
  process.env['FACTURADOR_MASTER_KEY'] = TEST_MASTER_KEY.toString('hex');
  process.env['LOG_LEVEL'] = 'silent';
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dataDir,
    async run(...args) {
      let stdout = '';
      let stderr = '';
      const out: Output = { write: (text) => (stdout += text), error: (text) => (stderr += text) };
      const code = await runCli([...args, '--data-dir', dataDir], out);
      return { code, stdout, stderr };
    },
    cleanUp() {
      rmSync(dataDir, { recursive: true, force: true });
      process.env = savedEnv;
    },
  };
}
