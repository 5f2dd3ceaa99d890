/**
 * Abilities of API keys (spec, ApiKeyInput) and which ones each document type needs. The endpoint ->
 * ability table the spec leaves open is in docs/abilities.md; routes declare theirs in their config.
 */
export const ORGANIZATION_ABILITIES = [
  'invoices:read', 'invoices:write', 'invoices:sign', 'invoices:void',
  'credit-notes:read', 'credit-notes:write', 'credit-notes:sign',
  'debit-notes:read', 'debit-notes:write', 'debit-notes:sign',
  'tickets:read', 'tickets:write', 'tickets:sign',
  'recipients:read', 'recipients:write',
  'products:read', 'products:write', // beyond the spec: saved products (docs/products.md)
  'hacienda:query', 'hacienda:validate',
  'settings:read', 'settings:manage',
  'webhooks:read', 'webhooks:write', 'webhooks:manage',
  'reference:read',
  'documents:export',
  // The counter (docs/tills.md): cashiers and their PINs, shifts and cash counts, receipt printers.
  'cashiers:read', 'cashiers:manage', 'shifts:read', 'shifts:write', 'printers:read', 'printers:manage',
  // A till's key at its head office (docs/replication.md): send its documents, read the catalogue's changes.
  'replication:write',
] as const;

export const ACCOUNT_ABILITIES = ['account:manage'] as const;

/** The ability family of a document type: invoices cover FE, FEC, FEE and REP; receiver messages too. */
export function documentFamily(documentType: string): 'invoices' | 'credit-notes' | 'debit-notes' | 'tickets' {
  if (documentType === '02') return 'debit-notes';
  if (documentType === '03') return 'credit-notes';
  if (documentType === '04') return 'tickets';
  return 'invoices';
}

export const DOCUMENT_FAMILIES = ['invoices', 'credit-notes', 'debit-notes', 'tickets'] as const;
