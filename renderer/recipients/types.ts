/**
 * The recipients screen's shapes: what it sends. What it reads is shared with other screens: the saved
 * recipient and pagination (renderer/api/types.ts), the taxpayer register (shared/taxpayers.ts), the
 * location table (shared/organization/profile.ts).
 */
import type { Recipient } from '../api/types.ts';

export type { Pagination, Recipient } from '../api/types.ts';
export type { Taxpayer, TaxpayerSearchResult } from '../shared/taxpayers.ts';

/** RecipientInput: PUT replaces, so every member is always sent (null clears). */
export type RecipientInput = Omit<Recipient, 'id' | 'created_at' | 'updated_at'>;

/** A province, canton or district as the pickers list it (the first-run wizard's shape). */
export type { Place } from '../shared/organization/profile.ts';
