/** The simulator's Recepción API: POST /recepcion, GET /recepcion/{clave}, GET /comprobantes[/{clave}]. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkSubmission } from './check-submission.ts';
import { readBody, sendCause, sendJson } from './http-util.ts';
import { listingJson, statusJson, type ReceptionRecord } from './receptions.ts';

export interface ApiContext {
  apiBase: string;
  receptions: Map<string, ReceptionRecord>;
  /** Bearer token → user, or undefined when the token is missing or dead. */
  authenticate(req: IncomingMessage): string | undefined;
  now(): Date;
  /** Called after a 202 to decide the reception later. */
  accepted(record: ReceptionRecord): void;
}

async function postRecepcion(req: IncomingMessage, res: ServerResponse, ctx: ApiContext): Promise<void> {
  const checked = checkSubmission(await readBody(req));
  if (!checked.ok) return sendCause(res, 400, checked.cause);
  if (ctx.receptions.has(checked.key)) {
    return sendCause(res, 400, `El comprobante [${checked.body.clave}] ya fue recibido anteriormente.`);
  }
  const record: ReceptionRecord = { key: checked.key, body: checked.body, xml: checked.xml, read: checked.read, at: ctx.now(), state: 'recibido' };
  ctx.receptions.set(record.key, record);
  const host = req.headers.host ?? '127.0.0.1';
  res.writeHead(202, { Location: `http://${host}${ctx.apiBase}recepcion/${record.key}`, 'Content-Length': 0 });
  res.end();
  ctx.accepted(record);
}

function list(url: URL, res: ServerResponse, ctx: ApiContext): void {
  const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0) || 0);
  const limit = Math.min(50, Math.max(1, Number(url.searchParams.get('limit') ?? 50) || 50));
  const emisor = url.searchParams.get('emisor');
  const receptor = url.searchParams.get('receptor');
  const all = [...ctx.receptions.values()].filter((r) =>
    (emisor === null || r.body.emisor.numeroIdentificacion === emisor) &&
    (receptor === null || r.body.receptor?.numeroIdentificacion === receptor));
  const page = all.slice(offset, offset + limit);
  const partial = offset + page.length < all.length;
  const range = page.length === 0 ? `*/${all.length}` : `${offset}-${offset + page.length - 1}/${all.length}`;
  sendJson(res, partial ? 206 : 200, page.map(listingJson), { 'Content-Range': `items ${range}`, 'Accept-Range': 'items 50' });
}

function getOne(resource: string, id: string, res: ServerResponse, ctx: ApiContext): void {
  const record = ctx.receptions.get(id);
  if (record === undefined) sendCause(res, 404, `El comprobante [${id}] no ha sido recibido.`);
  else sendJson(res, 200, resource === 'recepcion' ? statusJson(record) : { ...listingJson(record), ...statusJson(record) });
}

/** Routes a request under apiBase; false when the path is not an API path. */
export async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, ctx: ApiContext): Promise<boolean> {
  if (!url.pathname.startsWith(ctx.apiBase)) return false;
  const [resource = '', id, extra] = url.pathname.slice(ctx.apiBase.length).split('/').map(decodeURIComponent);
  if (ctx.authenticate(req) === undefined) {
    sendCause(res, 401, 'Token inválido o expirado.');
  } else if ((resource !== 'recepcion' && resource !== 'comprobantes') || extra !== undefined) {
    sendJson(res, 404, { error: 'not found' });
  } else if (req.method === 'POST' && resource === 'recepcion' && id === undefined) {
    await postRecepcion(req, res, ctx);
  } else if (req.method !== 'GET' || (resource === 'recepcion' && !id)) {
    sendJson(res, 405, { error: 'method not allowed' });
  } else if (!id) {
    list(url, res, ctx);
  } else {
    getOne(resource, id, res, ctx);
  }
  return true;
}
