/**
 * A real IMAP server for tests: Debian's dovecot (dovecot-imapd, installed by scripts/system-packages.mjs),
 * started in the foreground on 127.0.0.1 and a free port, with a throw-away configuration, mail directory and
 * one user per mailbox the test asks for (plain-text login, no TLS). As root the mail belongs to `nobody`
 * (dovecot refuses mail access as uid 0); otherwise everything runs as the current user.
 * Dovecot 2.3's configuration syntax (Debian 12, Ubuntu 22.04 and 24.04).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';

export const DOVECOT = '/usr/sbin/dovecot';
const NOBODY = 65534;

export interface ImapServer {
  host: string;
  port: number;
  /** Adds a mailbox user (before or after start: the password file is read at each login). */
  addUser(user: string, password: string): void;
  stop(): Promise<void>;
}

export function dovecotAvailable(): boolean {
  return spawnSync(DOVECOT, ['--version'], { encoding: 'utf8' }).status === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    }).on('error', reject);
  });
}

function configuration(dir: string, port: number, owner: { uid: number; gid: number; name: string; group: string }): string {
  return `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${owner.name}
default_internal_group = ${owner.group}
default_login_user = ${owner.name}
first_valid_uid = ${owner.uid}
first_valid_gid = ${owner.gid}
mail_location = maildir:${dir}/mail/%u
mail_privileged_group =
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/home/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service imap {
  chroot =
}
service auth {
  chroot =
}
service anvil {
  chroot =
}
service stats {
  chroot =
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
`;
}

function waitForPort(port: number, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`dovecot did not answer on port ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * As root, dovecot's own processes run as `nobody` and must reach the configuration and mail through every
 * folder above them: the test run's temporary root is 0700, so it is made traversable (not listable) by others.
 * The folders of other tests inside it stay 0700.
 */
function openPathFor(dir: string): void {
  for (let d = dir; d !== dirname(d); d = dirname(d)) {
    const mode = statSync(d).mode & 0o777;
    if ((mode & 0o001) === 0) chmodSync(d, mode | 0o711);
  }
}

/** Starts dovecot with its files in `dir` (a test's temporary folder, which it removes). */
export async function startDovecot(dir: string): Promise<ImapServer> {
  const root = process.getuid?.() === 0;
  const me = userInfo();
  const owner = root
    ? { uid: NOBODY, gid: NOBODY, name: 'nobody', group: 'nogroup' }
    : { uid: me.uid, gid: me.gid, name: me.username, group: spawnSync('id', ['-gn'], { encoding: 'utf8' }).stdout.trim() };
  for (const sub of ['run', 'state', 'mail', 'home']) mkdirSync(join(dir, sub), { recursive: true });
  if (root) {
    openPathFor(dir);
    chmodSync(dir, 0o755);
    for (const sub of ['mail', 'home']) chownSync(join(dir, sub), NOBODY, NOBODY);
  }
  const users = join(dir, 'users');
  writeFileSync(users, '');
  const port = await freePort();
  const config = join(dir, 'dovecot.conf');
  writeFileSync(config, configuration(dir, port, owner));
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', config], { stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  await waitForPort(port, Date.now() + 10_000);
  const lines: string[] = [];
  return {
    host: '127.0.0.1',
    port,
    addUser(user, password) {
      lines.push(`${user}:{PLAIN}${password}::::::`);
      writeFileSync(users, `${lines.join('\n')}\n`);
    },
    stop: () => new Promise((resolve) => {
      if (exited) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
