/**
 * The upload's refusals placed next to the field they are about: the server's field errors (`atv_password`
 * when the tax authority refused the ATV user or password, the schema's checks) and the .p12 checks, which
 * come as codes (a wrong PIN belongs to the PIN, every other `certificate_*` to the file).
 */
import { ApiRequestError } from '../../api/client.ts';
import type { DraftProblem } from './store.ts';

const FIELDS: Readonly<Record<string, DraftProblem>> = { certificate: 'file', pin: 'pin', atv_user: 'atvUser', atv_password: 'atvPassword' };

export type FieldErrors = Partial<Record<DraftProblem, string>>;

/** The messages per field of a failed upload; empty when the failure is about none of them. */
export function uploadFieldErrors(error: Error | null): FieldErrors {
  if (!(error instanceof ApiRequestError)) return {};
  const out: FieldErrors = {};
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const field = FIELDS[path];
    if (field) out[field] = messages.join(' ');
  }
  if (error.code === 'certificate_wrong_pin') out.pin ??= error.message;
  else if (error.code.startsWith('certificate_')) out.file ??= error.message;
  return out;
}
