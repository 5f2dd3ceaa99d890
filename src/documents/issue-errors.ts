/**
 * Business refusals while issuing, with the spec's codes: 409 duplicate_clave / duplicate_consecutive, 422
 * issuer_mismatch / certificate_required / simulation_not_available / receiver_mismatch / not_voidable. An
 * AppError (domain/errors.ts) like every other error; the name says where it comes from.
 */
import { AppError } from '../domain/errors.ts';

export class IssueError extends AppError {
  constructor(code: string, status: 409 | 422, message: string) {
    super(code, status, message);
    this.name = 'IssueError';
  }
}
