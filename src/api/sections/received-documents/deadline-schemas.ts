/** Answer schemas of GET /received-documents/deadlines and of /settings/received-digest (docs/received.md). */
import { Type } from 'typebox';
import { Envelope, NullableText } from '../../schema-types.ts';

const Amount = (description: string) => Type.String({ pattern: '^-?[0-9]+\\.[0-9]{5}$', description });
const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

export const DeadlinesReply = Envelope(Type.Object({
  pending: Type.Integer({ description: 'documents awaiting an answer' }),
  closing: Type.Integer({ description: 'of those, the ones with three business days or fewer left' }),
  next_due: Type.Union([Day, Type.Null()], { description: 'the nearest last day (YYYY-MM-DD); null when none is pending' }),
  documents: Type.Array(Type.Object({
    clave: Type.String(),
    consecutive: Type.String(),
    supplier: Type.Object({ identification: Type.String(), name: Type.String() }),
    total: Amount('TotalComprobante'),
    currency: Type.String(),
    answer_due: Day,
    deadline: Type.Union([Type.Literal('open'), Type.Literal('closing')]),
  }), { maxItems: 10, description: 'up to 10 pending documents, nearest deadline first' }),
}));

export const DigestInput = Type.Object({
  enabled: Type.Optional(Type.Boolean({ description: 'default true' })),
  recipients: Type.Array(Type.String({ format: 'email', maxLength: 160 }), { minItems: 1, maxItems: 4 }),
  days_before: Type.Optional(Type.Integer({ minimum: 1, maximum: 8, description: 'business days ahead a deadline is announced; default 3' })),
}, { additionalProperties: false });

export const DigestReply = Envelope(Type.Object({
  configured: Type.Boolean(),
  environment: NullableText('whose documents it lists: the environment of the key that set it up'),
  enabled: Type.Boolean(),
  recipients: Type.Array(Type.String()),
  days_before: Type.Integer(),
  last_sent_on: NullableText('the Costa Rica day the last digest went (YYYY-MM-DD)'),
  last_error: NullableText('why the last digest could not be sent'),
}));
