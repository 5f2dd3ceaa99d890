/**
 * The API-key routes' shapes: what they answer, derived from the server's schemas (renderer/api/schemas.ts,
 * src/api/sections/keys/schemas.ts), and what the screen sends and edits.
 */
import type { ApiKeyCreatedView, ApiKeyInputView, ApiKeyView } from '../api/schemas.ts';

/** A key; `organization_id` only on organization keys. The schema types `mode` as text: it is `test` or `live`. */
export type ApiKey = Omit<ApiKeyView, 'mode'> & { mode: 'test' | 'live' };

/** POST /api-keys's answer: the key and, this once, its secret. */
export type CreatedKey = ApiKey & Pick<ApiKeyCreatedView, 'secret'>;

/** POST /api-keys: the members the screen sends (every ability of the key kind: `abilities` left out). */
export type ApiKeyInput = Pick<ApiKeyInputView, 'name' | 'mode' | 'organization_id' | 'expires_at'>;

export interface KeyDraft {
  name: string;
  mode: 'test' | 'live';
  /** A calendar date (YYYY-MM-DD), or '' for a key that does not expire. */
  expires_on: string;
}
