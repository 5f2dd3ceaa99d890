/**
 * Where the tax authority lives, per environment. Read once at start from the environment so that a
 * local simulator (plain http://) can stand in for the real services.
 */
import type { HaciendaEnvironment } from './types.ts';

export interface HaciendaEndpoints {
  /** Full token endpoint URL of the IdP realm. */
  idpUrl: string;
  /** Base URL that `recepcion` and `recepcion/{clave}` are appended to; ends with '/'. */
  apiUrl: string;
}

/**
 * `publicApiUrl` is the public helper API (taxpayer look-up; one service for both environments). Optional
 * so that configs written as `{ staging, production }` keep working: absent means the real service.
 */
export type HaciendaConfig = Record<HaciendaEnvironment, HaciendaEndpoints> & { publicApiUrl?: string };

/** The public helper API (`fe/ae`, no authentication). */
export const DEFAULT_PUBLIC_API_URL = 'https://api.hacienda.go.cr/';

const IDP = 'https://idp.comprobanteselectronicos.go.cr/auth/realms';

export const DEFAULT_HACIENDA_CONFIG: HaciendaConfig = {
  staging: {
    idpUrl: `${IDP}/rut-stag/protocol/openid-connect/token`,
    apiUrl: 'https://api-sandbox.comprobanteselectronicos.go.cr/recepcion/v1/',
  },
  production: {
    idpUrl: `${IDP}/rut/protocol/openid-connect/token`,
    apiUrl: 'https://api.comprobanteselectronicos.go.cr/recepcion/v1/',
  },
};

/** Checks a configured URL: http or https only, so typos fail at start rather than at first use. */
function checkedUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL: ${value}`);
  return value;
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * The endpoints from HACIENDA_IDP_URL_STAGING/_PRODUCTION, HACIENDA_API_URL_STAGING/_PRODUCTION and
 * HACIENDA_PUBLIC_API_URL.
 */
export function loadHaciendaConfig(env: NodeJS.ProcessEnv = process.env): HaciendaConfig {
  const pick = (name: string, fallback: string): string => checkedUrl(name, env[name]?.trim() || fallback);
  return {
    staging: {
      idpUrl: pick('HACIENDA_IDP_URL_STAGING', DEFAULT_HACIENDA_CONFIG.staging.idpUrl),
      apiUrl: withSlash(pick('HACIENDA_API_URL_STAGING', DEFAULT_HACIENDA_CONFIG.staging.apiUrl)),
    },
    production: {
      idpUrl: pick('HACIENDA_IDP_URL_PRODUCTION', DEFAULT_HACIENDA_CONFIG.production.idpUrl),
      apiUrl: withSlash(pick('HACIENDA_API_URL_PRODUCTION', DEFAULT_HACIENDA_CONFIG.production.apiUrl)),
    },
    publicApiUrl: withSlash(pick('HACIENDA_PUBLIC_API_URL', DEFAULT_PUBLIC_API_URL)),
  };
}

/** Base URL of the public helper API, ending with '/'. */
export function publicApiUrlOf(config: HaciendaConfig): string {
  return withSlash(config.publicApiUrl ?? DEFAULT_PUBLIC_API_URL);
}

/** The IdP client id of each environment (Guía IdP). */
export function clientIdFor(environment: HaciendaEnvironment): string {
  return environment === 'production' ? 'api-prod' : 'api-stag';
}
