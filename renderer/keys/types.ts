/** The API-key routes' shapes (src/api/sections/keys/routes.ts). */

export interface ApiKey {
  id: string;
  name: string;
  mode: 'test' | 'live';
  prefix: string;
  abilities: string[];
  /** Only on organization keys: the organization's uuid. */
  organization_id?: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** POST /api-keys's answer: the key and, this once, its secret. */
export interface CreatedKey extends ApiKey {
  secret: string;
}

export interface ApiKeyInput {
  name: string;
  mode: 'test' | 'live';
  organization_id?: string;
  expires_at?: string;
}

export interface KeyDraft {
  name: string;
  mode: 'test' | 'live';
  /** A calendar date (YYYY-MM-DD), or '' for a key that does not expire. */
  expires_on: string;
}
