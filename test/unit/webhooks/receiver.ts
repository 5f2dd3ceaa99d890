/**
 * A real webhook receiver for tests: an HTTP (or HTTPS, with a self-signed certificate made here with
 * node-forge) server on 127.0.0.1, port 0, that records every request with its raw body and answers with
 * whatever the test's `respond` says.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Respond = (req: Received, res: http.ServerResponse) => void;

export interface Receiver {
  port: number;
  url: (path?: string) => string;
  received: Received[];
  respond: Respond;
  close(): Promise<void>;
}

const answer = (status: number): Respond => (_req, res) => {
  res.statusCode = status;
  res.end('ok');
};

export async function startReceiver(options: { tls?: { key: string; cert: string }; host?: string } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = { port: 0, url: () => '', received, respond: answer(200), close: async () => {} };
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      receiver.respond(entry, res);
    });
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  const scheme = options.tls ? 'https' : 'http';
  receiver.url = (path = '/hook') => `${scheme}://${options.host ?? '127.0.0.1'}:${receiver.port}${path}`;
  receiver.close = () => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return receiver;
}

export const status = answer;

/** A self-signed certificate for `hostname` (its own CA), PEM. */
export function selfSignedCertificate(hostname: string): { key: string; cert: string } {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const attrs = [{ name: 'commonName', value: hostname }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'subjectAltName', altNames: [{ type: 2, value: hostname }] },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { key: forge.pki.privateKeyToPem(keys.privateKey), cert: forge.pki.certificateToPem(cert) };
}
