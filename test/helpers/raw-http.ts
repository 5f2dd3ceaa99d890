/**
 * One HTTP request with full control of its headers, `Host` included (fetch does not let a caller set
 * `Host`): what a browser tricked by DNS rebinding, a cross-site form or a preflight would send.
 */
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface RawRequest {
  method?: string;
  path: string;
  /** The `Host` header; null sends none at all. Default `127.0.0.1:<port>`. */
  host?: string | null;
  headers?: Record<string, string>;
  body?: string;
}

export function rawRequest(port: number, options: RawRequest): Promise<RawReply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.host !== null) headers['host'] = options.host ?? `127.0.0.1:${port}`;
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // HTML or empty
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The port of a server URL such as http://127.0.0.1:40123. */
export const portOf = (url: string) => Number(new URL(url).port);
