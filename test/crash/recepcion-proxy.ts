/**
 * A counting, lossy HTTP proxy in front of the local tax-authority simulator, for crash tests.
 * It counts, per clave, the POST /recepcion answers of the simulator: `accepted` (202, the reception was
 * taken) and `duplicates` (400 "ya fue recibido anteriormente"). With `loseAnswers` > 0 it cuts the
 * connection instead of passing a 202 on, so the app never hears that its submission arrived (the fault
 * behind "sent twice"); a failure to reach the simulator (its `down` fault) also cuts the connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecepcionProxy {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  /** clave → number of 202 answers to POST /recepcion. */
  accepted: Map<string, number>;
  /** clave → number of 400 "ya fue recibido anteriormente" answers. */
  duplicates: Map<string, number>;
  /** Fraction (0..1) of 202 answers to POST /recepcion cut off before the app hears them. */
  loseAnswers: number;
  /** 202 answers cut off so far. */
  lost: number;
  close(): Promise<void>;
}

const DUPLICATE = /ya fue recibido anteriormente/i;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function claveOf(body: Buffer): string | undefined {
  try {
    const clave = (JSON.parse(body.toString('utf8')) as { clave?: unknown }).clave;
    return typeof clave === 'string' ? clave : undefined;
  } catch {
    return undefined;
  }
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

export async function startRecepcionProxy(target: string, random: () => number): Promise<RecepcionProxy> {
  const upstream = new URL(target);
  const proxy: RecepcionProxy = { url: '', accepted: new Map(), duplicates: new Map(), loseAnswers: 0, lost: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
      headers['content-length'] = body.length;
      const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer } | undefined>((resolve) => {
        const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent: false }, (up) => {
          readAll(up).then((b) => resolve({ status: up.statusCode ?? 502, headers: up.headers, body: b }), () => resolve(undefined));
        });
        out.on('error', () => resolve(undefined));
        out.end(body);
      });
      if (!answer) return void req.socket.destroy();
      const reception = req.method === 'POST' && /\/recepcion\/?$/.test(new URL(req.url ?? '/', 'http://x').pathname);
      const clave = reception ? claveOf(body) : undefined;
      if (clave !== undefined && answer.status === 202) {
        bump(proxy.accepted, clave);
        if (random() < proxy.loseAnswers) {
          proxy.lost++;
          return void req.socket.destroy();
        }
      }
      if (clave !== undefined && answer.status === 400 && DUPLICATE.test(String(answer.headers['x-error-cause'] ?? ''))) bump(proxy.duplicates, clave);
      const back: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) back[name] = value;
      back['content-length'] = answer.body.length;
      res.writeHead(answer.status, back).end(answer.body);
    })().catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return proxy;
}
