/**
 * API keys (spec ApiKeyInput, ApiKey, ApiKeyCreated, CurrentKey): the request of POST /api-keys, and the
 * answers of /api-keys and GET /auth/me as views.ts apiKeyView and currentKeyView write them.
 */
import { Type } from 'typebox';
import { Envelope, Nullable, NullableText, Open } from '../../schema-types.ts';
import { ACCOUNT_ABILITIES, ORGANIZATION_ABILITIES } from '../../abilities.ts';

export const ApiKeyInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  mode: Type.Unsafe<'test' | 'live'>({ type: 'string', enum: ['test', 'live'], description: 'test acts on staging, live on production' }),
  organization_id: Type.Optional(Type.String({ format: 'uuid', description: 'omit for an account key' })),
  // Checked by the use case (organizations/create-api-key.ts), so that the message names the unknown or misplaced ability.
  abilities: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { description: `default: every ability of the key kind. Organization keys: ${ORGANIZATION_ABILITIES.join(', ')}. Account keys: ${ACCOUNT_ABILITIES.join(', ')}.` })),
  expires_at: Type.Optional(Type.String({ format: 'date-time', description: 'a future instant' })),
});

export const KeyParams = Type.Object({ key: Type.String({ description: 'the id of the API key' }) });

const ApiKey = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  mode: Type.String({ description: '`test` (staging) or `live` (production)' }),
  prefix: Type.String({ description: 'the start of the key' }),
  abilities: Type.Array(Type.String()),
  organization_id: Type.Optional(Type.String({ format: 'uuid', description: 'absent on account keys' })),
  created_at: Type.String({ format: 'date-time' }),
  expires_at: NullableText(),
  last_used_at: NullableText(),
  revoked_at: NullableText(),
}, Open);

export const ApiKeyReply = Envelope(ApiKey);
export const ApiKeyListReply = Envelope(Type.Array(ApiKey));
export const ApiKeyCreatedReply = Envelope(Type.Object({
  ...ApiKey.properties,
  secret: Type.String({ description: 'the full key, shown in this answer only' }),
}, Open));

export const CurrentKeyReply = Envelope(Type.Object({
  key: Type.Object({ id: Type.String(), name: Type.String(), mode: Type.String(), prefix: Type.String() }, Open),
  abilities: Type.Array(Type.String()),
  account: Type.Object({ id: Type.String(), name: Type.String(), plan: Type.String(), status: Type.String() }, Open),
  organization: Nullable<object>({
    type: 'object',
    description: 'null for account keys',
    properties: {
      id: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      identification_type: { type: 'string' },
      identification_number: { type: 'string' },
      environment: { type: 'string', description: '`staging` or `production`' },
    },
    additionalProperties: true,
  }),
}, Open));
