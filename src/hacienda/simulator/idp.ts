/**
 * The simulator's Keycloak stand-in: the token (password and refresh_token grants) and logout endpoints,
 * and each realm's OpenID configuration document (what the reachability monitor probes, without logging in).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http-util.ts';
import type { TokenStore } from './tokens.ts';

/** The client id each realm accepts (Guía IdP). */
const CLIENT_OF_REALM: Readonly<Record<string, string>> = { 'rut-stag': 'api-stag', rut: 'api-prod' };

export const IDP_PATH = /^\/auth\/realms\/([^/]+)\/protocol\/openid-connect\/(token|logout)$/;
export const DISCOVERY_PATH = /^\/auth\/realms\/([^/]+)\/\.well-known\/openid-configuration$/;

/** One request to the IdP, as tests look at them (the password is never kept). */
export interface IdpRequest {
  method: string;
  path: string;
  grantType?: string;
  username?: string;
}

export interface IdpContext {
  tokens: TokenStore;
  users: Record<string, string>;
  /** Every IdP request, in order. */
  log: IdpRequest[];
}

/** GET `<realm>/.well-known/openid-configuration`: public, as Keycloak serves it; a few members are enough. */
export function handleDiscovery(req: IncomingMessage, res: ServerResponse, match: RegExpExecArray, origin: string, log: IdpRequest[]): void {
  const [path = '', realm = ''] = match;
  log.push({ method: req.method ?? 'GET', path });
  if (CLIENT_OF_REALM[realm] === undefined) return sendJson(res, 404, { error: 'Realm does not exist' });
  if (req.method !== 'GET') return sendJson(res, 405, { error: 'method_not_allowed' });
  const issuer = `${origin}/auth/realms/${realm}`;
  sendJson(res, 200, {
    issuer,
    token_endpoint: `${issuer}/protocol/openid-connect/token`,
    end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
    grant_types_supported: ['password', 'refresh_token'],
  });
}

function grant(form: URLSearchParams, context: IdpContext): { status: number; body: unknown } {
  const type = form.get('grant_type');
  if (type === 'password') {
    const username = form.get('username') ?? '';
    const known = Object.hasOwn(context.users, username) && context.users[username] === form.get('password');
    if (!known) return { status: 401, body: { error: 'invalid_grant', error_description: 'Invalid user credentials' } };
    return { status: 200, body: context.tokens.issue(username) };
  }
  if (type === 'refresh_token') {
    const username = context.tokens.redeemRefresh(form.get('refresh_token') ?? '');
    if (username === undefined) return { status: 400, body: { error: 'invalid_grant', error_description: 'Token is not active' } };
    return { status: 200, body: context.tokens.issue(username) };
  }
  return { status: 400, body: { error: 'unsupported_grant_type' } };
}

export async function handleIdp(req: IncomingMessage, res: ServerResponse, match: RegExpExecArray, context: IdpContext): Promise<void> {
  const [path = '', realm = '', action] = match;
  const entry: IdpRequest = { method: req.method ?? 'GET', path };
  context.log.push(entry);
  const clientId = CLIENT_OF_REALM[realm];
  if (clientId === undefined) return sendJson(res, 404, { error: 'Realm does not exist' });
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'method_not_allowed' });
  const form = new URLSearchParams(await readBody(req));
  if (form.has('grant_type')) entry.grantType = form.get('grant_type')!;
  if (form.has('username')) entry.username = form.get('username')!;
  if (form.get('client_id') !== clientId) return sendJson(res, 401, { error: 'invalid_client', error_description: 'Invalid client credentials' });
  if (action === 'logout') {
    context.tokens.revokeRefresh(form.get('refresh_token') ?? '');
    res.writeHead(204).end();
    return;
  }
  const { status, body } = grant(form, context);
  sendJson(res, status, body);
}
