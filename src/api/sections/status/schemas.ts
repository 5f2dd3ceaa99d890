/**
 * GET /status (spec ServiceStatus): the health a monitor reads, 200 when healthy and 503 `degraded` (then
 * with the `error` member generic clients look for). hacienda-views.ts serviceHacienda writes the block per
 * environment.
 */
import { Type } from 'typebox';
import { Nullable, NullableNumber, NullableText, Open } from '../../schema-types.ts';

const available = Nullable<boolean>({ type: 'boolean', description: 'null until a call or probe ran' });

const ServiceCheck = Type.Object({
  available,
  message: Type.String({ description: '`ok`, `not_checked` or what went wrong' }),
  response_time_ms: NullableNumber(),
}, Open);

const EnvironmentHealth = Type.Object({
  available,
  checked_at: NullableText('the latest check'),
  response_time_ms: NullableNumber(),
  message: Type.String({ description: '`ok`, `token_unavailable`, `api_unavailable`, `down` or `not_checked`' }),
  last_success: NullableText('beyond the spec: when the Recepción API last answered'),
  token: ServiceCheck,
  api: ServiceCheck,
}, Open);

const ServiceStatus = Type.Object({
  status: Type.String({ description: '`ok`, or `degraded` (HTTP 503)' }),
  version: Type.String(),
  timestamp: Type.String({ format: 'date-time' }),
  database: Type.String({ description: '`connected` or `disconnected`' }),
  hacienda: Type.Object({ staging: EnvironmentHealth, production: EnvironmentHealth }, Open),
}, Open);

/** The envelope of GET /status, with the `error` of a degraded answer. */
export const StatusReply = Type.Object({
  success: Type.Boolean({ description: 'false when degraded' }),
  data: ServiceStatus,
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() }, Open)),
  timestamp: Type.String({ format: 'date-time' }),
  api_version: Type.String(),
}, Open);
