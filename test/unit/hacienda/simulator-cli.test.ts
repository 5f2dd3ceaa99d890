/** `simulatorCommand` in its own process: it prints the endpoint settings, serves them, and stops on SIGTERM. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseUsers } from '../../../src/hacienda/simulator/cli.ts';

const cliModule = fileURLToPath(new URL('../../../src/hacienda/simulator/cli.ts', import.meta.url));

describe('hacienda-simulator command', () => {
  it('parses --users, keeping colons inside passwords', () => {
    expect(parseUsers('a@x:p1, b@y:p:2')).toEqual({ 'a@x': 'p1', 'b@y': 'p:2' });
    expect(() => parseUsers('nopassword')).toThrow(/user:password/);
  });

  it('prints the HACIENDA_* settings and answers on them until SIGTERM', async () => {
    const script = `import { simulatorCommand } from ${JSON.stringify(cliModule)}; await simulatorCommand({ port: '0' });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, HACIENDA_SIMULATOR_USERS: 'demo@stag:secreto' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    const printed = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('Ctrl+C')) resolve(out);
      });
      child.once('exit', (code) => reject(new Error(`exited early (${code}): ${out}`)));
    });
    const idp = /^HACIENDA_IDP_URL_STAGING=(\S+)$/m.exec(printed)?.[1];
    expect(printed).toMatch(/^HACIENDA_API_URL_STAGING=http:\/\/127\.0\.0\.1:\d+\/recepcion\/v1\/$/m);
    const login = await fetch(idp!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'api-stag', username: 'demo@stag', password: 'secreto' }).toString(),
    });
    expect(login.status).toBe(200);
    const publicApi = /^HACIENDA_PUBLIC_API_URL=(http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(printed)?.[1];
    expect((await fetch(`${publicApi}fe/ae?identificacion=3101123456`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
