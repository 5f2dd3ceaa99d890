/**
 * The local tax-authority simulator: a real HTTP server on 127.0.0.1 speaking the IdP and Recepción
 * protocols, deciding each reception after a delay with a MensajeHacienda signed by its own key, with
 * faults switchable at run time for tests. See types.ts for the options.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock } from '../../domain/clock.ts';
import type { SigningIdentity } from '../../signing/p12.ts';
import { handleApi, type ApiContext } from './api.ts';
import { evaluateBatch } from './evaluate.ts';
import { bearerToken, BodyTooLarge, sendCause, sendJson } from './http-util.ts';
import { DISCOVERY_PATH, handleDiscovery, handleIdp, IDP_PATH, type IdpRequest } from './idp.ts';
import { handlePublicApi } from './public-api.ts';
import { SimulatedIndicators } from './indicators.ts';
import { simulatorIdentity } from './key.ts';
import type { ReceptionRecord } from './receptions.ts';
import { signedResponse, tamperedResponse } from './response.ts';
import { TokenStore } from './tokens.ts';
import { DEFAULT_SIMULATOR_USERS, type Simulator, type SimulatorFaults, type SimulatorOptions } from './types.ts';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface State {
  options: SimulatorOptions;
  faults: SimulatorFaults;
  tokens: TokenStore;
  users: Record<string, string>;
  identity: SigningIdentity;
  receptions: Map<string, ReceptionRecord>;
  timers: Set<NodeJS.Timeout>;
  /** The exchange-rate indicators (`/indicadores/tc…`). */
  indicators: SimulatedIndicators;
  /** Every request to the IdP (token, logout, OpenID configuration), for tests. */
  idpLog: IdpRequest[];
  /** Receptions due for a decision, decided together on the next turn of the event loop. */
  due: ReceptionRecord[];
  /** One batch at a time: receptions arriving meanwhile wait and form the next, larger batch. */
  deciding: boolean;
  /** The batches running now: close() waits for them, so no XSD check's temp folder outlives the simulator. */
  decided?: Promise<void>;
  closed: boolean;
}

/** Decides the due receptions: recibido → procesando → aceptado/rechazado (error if the checks themselves fail). */
async function decideDue(state: State): Promise<void> {
  const batch = state.due.splice(0);
  if (state.closed || batch.length === 0) return;
  for (const record of batch) record.state = 'procesando';
  try {
    const evaluations = await evaluateBatch(batch.map((r) => ({
      xml: r.xml,
      read: r.read,
      forced: state.options.verdictFor?.(r.body.clave),
      verifySignature: state.options.verifySignatures ?? true,
    })));
    batch.forEach((record, i) => {
      const evaluation = evaluations[i]!;
      try {
        const signed = signedResponse(record.body, record.read, evaluation, state.options.sandbox ?? true, state.identity);
        record.responseXml = state.faults.tamperAnswers ? tamperedResponse(signed) : signed;
        record.state = evaluation.verdict;
      } catch {
        record.state = 'error';
      }
    });
  } catch {
    for (const record of batch) record.state = 'error';
  }
}

/** Runs batches until nothing is due. */
async function decideAll(state: State): Promise<void> {
  state.deciding = true;
  try {
    while (state.due.length > 0 && !state.closed) await decideDue(state);
  } finally {
    state.deciding = false;
  }
}

function markDue(state: State, record: ReceptionRecord): void {
  state.due.push(record);
  if (!state.deciding) {
    state.deciding = true;
    setImmediate(() => {
      state.decided = decideAll(state);
    });
  }
}

function schedule(state: State, record: ReceptionRecord): void {
  // Decided at reception time: a document received while dropping stays undecided for good.
  if (state.faults.dropAfterReceipt) return;
  const timer = setTimeout(() => {
    state.timers.delete(timer);
    markDue(state, record);
  }, state.options.decisionDelayMs ?? 0);
  state.timers.add(timer);
}

function apiContext(state: State, apiBase: string): ApiContext {
  const clock = state.options.clock ?? systemClock;
  return {
    apiBase,
    receptions: state.receptions,
    authenticate: (req) => state.tokens.userOf(bearerToken(req)),
    now: () => clock.now(),
    accepted: (record) => schedule(state, record),
  };
}

async function route(req: IncomingMessage, res: ServerResponse, state: State, api: ApiContext): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const idp = IDP_PATH.exec(url.pathname);
  const discovery = DISCOVERY_PATH.exec(url.pathname);
  // tokenFailure takes the whole IdP down, its configuration document included, as an outage would.
  if ((idp || discovery) && state.faults.tokenFailure) {
    state.idpLog.push({ method: req.method ?? 'GET', path: url.pathname });
    return sendJson(res, 503, { error: 'temporarily_unavailable' });
  }
  if (idp) return handleIdp(req, res, idp, { tokens: state.tokens, users: state.users, log: state.idpLog });
  if (discovery) return handleDiscovery(req, res, discovery, `http://${req.headers.host ?? '127.0.0.1'}`, state.idpLog);
  if (handlePublicApi(req, res, url, state.faults)) return;
  if (state.indicators.handle(req, res, url, state.faults)) return;
  if (state.faults.status5xx && url.pathname.startsWith(api.apiBase)) return sendCause(res, 503, 'Servicio no disponible.');
  if (!(await handleApi(req, res, url, api))) sendJson(res, 404, { error: 'not found' });
}

function handler(state: State, api: ApiContext) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (state.faults.down) return void req.socket.destroy();
    if (state.faults.slowMs) await sleep(state.faults.slowMs);
    if (state.faults.down || res.destroyed) return void req.socket.destroy();
    try {
      await route(req, res, state, api);
    } catch (error) {
      if (res.headersSent) return void res.destroy();
      if (error instanceof BodyTooLarge) sendCause(res, 413, 'El cuerpo de la solicitud es demasiado grande.');
      else sendCause(res, 500, 'Error interno del simulador.');
    }
  };
}

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const state: State = {
    options,
    faults: {},
    tokens: new TokenStore(options.clock ?? systemClock, options.accessTokenSeconds ?? 300, options.refreshTokenSeconds ?? 36000),
    users: { ...(options.users ?? DEFAULT_SIMULATOR_USERS) },
    identity: simulatorIdentity(),
    receptions: new Map(),
    timers: new Set(),
    indicators: new SimulatedIndicators(options.clock ?? systemClock),
    idpLog: [],
    due: [],
    deciding: false,
    closed: false,
  };
  const apiBase = options.apiBase ?? '/recepcion/v1/';
  const server = createServer(handler(state, apiContext(state, apiBase)));
  server.on('connection', (socket) => {
    if (state.faults.down) socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    idpUrlStaging: `${url}/auth/realms/rut-stag/protocol/openid-connect/token`,
    idpUrlProduction: `${url}/auth/realms/rut/protocol/openid-connect/token`,
    apiUrl: `${url}${apiBase}`,
    publicApiUrl: `${url}/`,
    get faults() {
      return state.faults;
    },
    set faults(value: SimulatorFaults) {
      state.faults = value;
    },
    received: () => [...state.receptions.values()].map((r) => ({ clave: r.key, body: r.body, at: r.at })),
    indicatorRequests: () => state.indicators.requests(),
    idpRequests: () => state.idpLog.map((r) => ({ ...r })),
    close: async () => {
      state.closed = true;
      for (const timer of state.timers) clearTimeout(timer);
      state.timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await state.decided;
    },
  };
}
