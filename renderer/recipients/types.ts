/**
 * The recipients screen's shapes: what it sends, the server's RecipientInput (renderer/api/schemas.ts). What
 * it reads is shared with other screens: the saved recipient and pagination (renderer/api/types.ts), the
 * taxpayer register (shared/taxpayers.ts), the location table (shared/organization/profile.ts).
 */
import type { RecipientInputView } from '../api/schemas.ts';

export type { Pagination, Recipient } from '../api/types.ts';
export type { Taxpayer, TaxpayerSearchResult } from '../shared/taxpayers.ts';

/** RecipientInput: PUT replaces, so every member is always sent (null clears). */
export type RecipientInput = Required<RecipientInputView>;

/** A province, canton or district as the pickers list it (the first-run wizard's shape). */
export type { Place } from '../shared/organization/profile.ts';
