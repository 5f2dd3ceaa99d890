/**
 * A real SMTP server for tests (smtp-server) on 127.0.0.1: plain text, no STARTTLS, AUTH required with
 * one user. Every accepted message is parsed with mailparser and kept with its envelope. Recipients can
 * be refused with a given reply code, to test permanent and transient refusals.
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export const SMTP_USER = 'facturas@tecnovalle.example.cr';
export const SMTP_PASSWORD = 'clave-smtp-secreta';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
}

export interface SmtpSink {
  port: number;
  messages: ReceivedMail[];
  /** User names of every AUTH attempt, accepted or not (a password must never reach a server it was not meant for). */
  logins: string[];
  /** Reply codes to refuse given recipients with (e.g. 550 permanent, 450 transient). */
  refuse: Map<string, number>;
  close(): Promise<void>;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const logins: string[] = [];
  const refuse = new Map<string, number>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '');
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(smtpError('Invalid username or password', 535));
    },
    onRcptTo(address, _session, callback) {
      const code = refuse.get(address.address);
      callback(code ? smtpError(`Mailbox ${address.address} refused`, code) : null);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push({ envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) }, parsed });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    messages,
    logins,
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
