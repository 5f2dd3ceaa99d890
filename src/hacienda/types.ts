/** Shared vocabulary of the tax-authority client. */

export type HaciendaEnvironment = 'staging' | 'production';

/** ATV credentials of one organization (the IdP user and password of its tax-authority account). */
export interface HaciendaCredentials {
  /** Caches tokens per organization; any stable id. */
  organizationId: string;
  username: string;
  password: string;
}

/** The JSON body of POST /recepcion (PROTOCOL.md §5). */
export interface RecepcionBody {
  clave: string;
  fecha: string;
  emisor: { tipoIdentificacion: string; numeroIdentificacion: string };
  receptor?: { tipoIdentificacion: string; numeroIdentificacion: string };
  consecutivoReceptor?: string;
  callbackUrl?: string;
  /** base64 of the signed XML bytes, exactly as stored. */
  comprobanteXml: string;
}

export const IND_ESTADOS = ['recibido', 'procesando', 'aceptado', 'rechazado', 'error'] as const;
export type IndEstado = (typeof IND_ESTADOS)[number];
