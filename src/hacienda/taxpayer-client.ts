/**
 * The public helper API's taxpayer look-up, `GET {base}fe/ae?identificacion=<id>` (no authentication).
 * 404 (and 400, which the service gives for a number it cannot read) is "not found"; network errors,
 * timeouts, 429, 5xx and answers that are not the expected JSON are "unreachable" — the caller falls back
 * to its cache then.
 */
import { getJson } from './http.ts';

/** One activity registered for the taxpayer (actividades[]). */
export interface TaxpayerActivity {
  estado: string; // A activa, I inactiva…
  tipo: string; // P principal, S secundaria
  codigo: string;
  descripcion: string;
}

/** The service's answer, reduced to the members the app reads. */
export interface PublicTaxpayerAnswer {
  nombre: string;
  /** 01 física, 02 jurídica, 03 DIMEX, 04 NITE. */
  tipoIdentificacion: string;
  regimen?: { codigo: string; descripcion: string };
  situacion?: { moroso: string; omiso: string; estado: string; administracionTributaria: string };
  actividades: TaxpayerActivity[];
}

export type TaxpayerFetchResult =
  | { outcome: 'found'; answer: PublicTaxpayerAnswer; payload: Record<string, unknown> }
  | { outcome: 'not_found' }
  | { outcome: 'unreachable'; error: string };

export interface TaxpayerClientOptions {
  /** Base URL of the public helper API, ending with '/'. */
  baseUrl: string;
  /** A person waits at the counter: give up sooner than on submissions. Default 5 s. */
  timeoutMs?: number;
}

export const TAXPAYER_TIMEOUT_MS = 5_000;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The answer's members, or undefined when it lacks a name or an identification type. */
export function readTaxpayerAnswer(json: unknown): PublicTaxpayerAnswer | undefined {
  const value = record(json);
  const nombre = text(value?.nombre).trim();
  const tipoIdentificacion = text(value?.tipoIdentificacion).trim().padStart(2, '0');
  if (!value || nombre === '' || !/^0[1-4]$/.test(tipoIdentificacion)) return undefined;
  const regimen = record(value.regimen);
  const situacion = record(value.situacion);
  const activities = Array.isArray(value.actividades) ? value.actividades.map(record).filter((a) => a !== undefined) : [];
  return {
    nombre,
    tipoIdentificacion,
    ...(regimen ? { regimen: { codigo: text(regimen.codigo), descripcion: text(regimen.descripcion) } } : {}),
    ...(situacion ? {
      situacion: { moroso: text(situacion.moroso), omiso: text(situacion.omiso), estado: text(situacion.estado), administracionTributaria: text(situacion.administracionTributaria) },
    } : {}),
    actividades: activities.map((a) => ({ estado: text(a.estado), tipo: text(a.tipo), codigo: text(a.codigo), descripcion: text(a.descripcion) })),
  };
}

export class TaxpayerClient {
  private readonly timeoutMs: number;

  constructor(private readonly options: TaxpayerClientOptions) {
    this.timeoutMs = options.timeoutMs ?? TAXPAYER_TIMEOUT_MS;
  }

  async fetch(identification: string): Promise<TaxpayerFetchResult> {
    const url = `${this.options.baseUrl}fe/ae?identificacion=${encodeURIComponent(identification)}`;
    const result = await getJson(url, this.timeoutMs);
    if (result.kind === 'failed') return { outcome: 'unreachable', error: result.error };
    if (result.kind === 'status') {
      return result.status === 404 || result.status === 400 ? { outcome: 'not_found' } : { outcome: 'unreachable', error: `HTTP ${result.status}` };
    }
    const { json } = result;
    const answer = readTaxpayerAnswer(json);
    if (!answer) return { outcome: 'unreachable', error: `unexpected answer: ${JSON.stringify(json)?.slice(0, 200)}` };
    return { outcome: 'found', answer, payload: json as Record<string, unknown> };
  }
}
