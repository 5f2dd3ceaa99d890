/**
 * Business refusals while issuing, with the spec's codes (the API turns them into its envelope):
 * 409 duplicate_clave / duplicate_consecutive, 422 issuer_mismatch / certificate_required /
 * simulation_not_available.
 */
export class IssueError extends Error {
  constructor(
    readonly code: string,
    readonly status: 409 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'IssueError';
  }
}
