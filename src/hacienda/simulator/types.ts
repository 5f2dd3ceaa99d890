/** Options, fault switches and records of the local tax-authority simulator. */
import type { Clock } from '../../domain/clock.ts';
import type { RecepcionBody } from '../types.ts';
import type { IdpRequest } from './idp.ts';

export type Verdict = 'aceptado' | 'rechazado';

export interface SimulatorOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** username → password of the IdP users; defaults to DEFAULT_SIMULATOR_USERS. */
  users?: Record<string, string>;
  /** Path prefix of the API, with leading and trailing slash. Default `/recepcion/v1/`. */
  apiBase?: string;
  /** Lifetimes in seconds of access and refresh tokens. Defaults 300 and 36000, as the real IdP. */
  accessTokenSeconds?: number;
  refreshTokenSeconds?: number;
  /** Time for token expiry and `fecha`; defaults to the system clock. */
  clock?: Clock;
  /** Milliseconds between reception and verdict. Default 0. */
  decisionDelayMs?: number;
  /** Forces the verdict for a clave (tests); undefined lets the checks decide. */
  verdictFor?: (clave: string) => Verdict | undefined;
  /** Verify each document's signature (default true). verifyXml costs ~25 ms per document on a small
   * machine, which caps the decision rate near 40/s; benchmarks of the app's own throughput turn it off. */
  verifySignatures?: boolean;
  /** Prefixes DetalleMensaje with the sandbox notice, as the staging service does. Default true. */
  sandbox?: boolean;
}

/** Faults switchable at run time. */
export interface SimulatorFaults {
  /** Destroy every connection without answering. */
  down?: boolean;
  /** Wait this long before answering anything. */
  slowMs?: number;
  /** Answer 503 on the API endpoints. */
  status5xx?: boolean;
  /** Answer 503 on the IdP token endpoint. */
  tokenFailure?: boolean;
  /** Accept submissions with 202 but never decide them. */
  dropAfterReceipt?: boolean;
  /** Alter each answer decided meanwhile after signing it, so that its signature no longer verifies. */
  tamperAnswers?: boolean;
}

export interface Reception {
  /** The clave; for a receiver message clave-consecutivoReceptor (its key in GET /recepcion/{…}). */
  clave: string;
  body: RecepcionBody;
  at: Date;
}

export interface Simulator {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  /** Token endpoint URLs of the two realms and the API base (the values for HACIENDA_*_URL_*). */
  idpUrlStaging: string;
  idpUrlProduction: string;
  apiUrl: string;
  /** Base of the public helper API (`fe/ae`, `indicadores/tc`), for HACIENDA_PUBLIC_API_URL; ends with '/'. */
  publicApiUrl: string;
  faults: SimulatorFaults;
  /** Path and query of every exchange-rate indicators request (`/indicadores/tc…`), in order. */
  indicatorRequests(): string[];
  /** Every request to the IdP (token, logout, OpenID configuration) with its grant and user, in order. */
  idpRequests(): IdpRequest[];
  /** Every accepted reception (202), in order; duplicates are not counted. */
  received(): Reception[];
  close(): Promise<void>;
}

export const DEFAULT_SIMULATOR_USERS: Readonly<Record<string, string>> = {
  'cpj-3-101-123456@stag.comprobanteselectronicos.go.cr': 'simulador',
};
