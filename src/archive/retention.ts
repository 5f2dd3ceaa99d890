/**
 * The retention class of an organization's documents (GET /archive), decided by the environment of the key
 * and the account's fiscal-archive setting (POST /account/archive). In every class no document is ever
 * deleted: fiscal documents must be kept for five years (the spec's "Fiscal archive: retention of 5 years",
 * the tax law's limitation period), and no route of this API deletes a document at all (docs/archive.md).
 */

export type RetentionClass = 'standard' | 'archive' | 'internal';

/** Years a fiscal document must be kept from its issue date. */
export const RETENTION_YEARS = 5;

const DESCRIPTIONS: Record<RetentionClass, string> = {
  archive:
    'Fiscal archive: production documents, issued here or imported from another provider, are kept in this '
    + 'installation for at least five years from their issue date and cannot be deleted; exports give the '
    + 'accountant a ZIP of any period.',
  standard:
    'Standard: production documents issued here are kept in this installation and cannot be deleted, but '
    + 'importing another provider\'s documents needs the fiscal archive (a plan that includes it, then '
    + 'POST /account/archive). Keep a copy elsewhere with exports: this machine holds the only one.',
  internal:
    'Internal: staging documents made with test keys have no fiscal value and no retention duty. They are '
    + 'kept like the others, and exports and imports work on them for trying things out.',
};

export function retentionClass(environment: string, archiveEnabled: boolean): RetentionClass {
  if (environment !== 'production') return 'internal';
  return archiveEnabled ? 'archive' : 'standard';
}

export function retentionDescription(retention: RetentionClass): string {
  return DESCRIPTIONS[retention];
}
