/** Small helpers for the simulator's node:http handlers. */
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY = 5 * 1024 * 1024;

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new BodyTooLarge('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** An empty answer carrying the cause the way the real API does: in the X-Error-Cause header. */
export function sendCause(res: ServerResponse, status: number, cause: string): void {
  // Header values are latin-1 (fetch decodes them so): Spanish accents pass, anything beyond is replaced.
  res.writeHead(status, { 'X-Error-Cause': cause.replace(/[^\x20-\xff]/g, '?'), 'Content-Length': 0 });
  res.end();
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}
