/** Schemas of the till ⇄ head office replication (docs/replication.md; the types are replication/wire.ts). */
import { Type } from 'typebox';
import { Envelope, Nullable } from '../../schema-types.ts';
import { Product } from '../products/schemas.ts';
import { Recipient } from '../recipients/schemas.ts';
import { REPLICATION_BATCH } from '../../../replication/wire.ts';

const Decimal = (description: string) => Type.String({ pattern: '^-?\\d{1,18}(\\.\\d{1,10})?$', description });
// A till is trusted with its documents, not with the head office's memory: every field has a bound (a signed
// document is far below 2 MB; the body limit is 20 MB).
const Base64 = (description: string) => Type.String({ pattern: '^[A-Za-z0-9+/]*={0,2}$', minLength: 4, maxLength: 2_800_000, description });
const Instant = Type.String({ minLength: 10, maxLength: 40 });
const NullableText = () => Nullable({ type: 'string', maxLength: 2000 });
// An instant PostgreSQL's timestamptz takes as it is (format date-time alone lets year 0000 through).
const RowVersion = Type.String({ format: 'date-time', pattern: '^(19|20)\\d\\d-', description: "the till's row version: a newer one replaces the status fields" });

const ReplicatedDocument = Type.Object({
  clave: Type.String({ pattern: '^[0-9A-Za-z]{50}$' }),
  consecutive: Type.String({ pattern: '^\\d{20}$' }),
  document_type: Type.String({ pattern: '^(0[1-9]|10)$' }),
  environment: Type.Union([Type.Literal('staging'), Type.Literal('production')]),
  situation: Type.String({ pattern: '^[123]$' }),
  status: Type.String({ minLength: 1, maxLength: 20 }),
  hacienda_status: NullableText(),
  hacienda_message: NullableText(),
  hacienda_response_at: NullableText(),
  issued_at: Instant,
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  exchange_rate: Type.Union([Decimal('TipoCambio'), Type.Null()]),
  net_amount: Decimal('document currency'),
  tax_amount: Decimal('document currency'),
  total_amount: Decimal('document currency'),
  emisor_identification: NullableText(),
  emisor_name: NullableText(),
  receptor_identification: NullableText(),
  receptor_name: NullableText(),
  payments: Type.Union([Type.Array(Type.Object({ method: Type.String({ maxLength: 2 }), amount: Decimal('document currency') }), { maxItems: 10 }), Type.Null()]),
  signed_xml: Base64('base64 of the exact signed bytes'),
  response_xml: Type.Union([Base64("base64 of the tax authority's answer"), Type.Null()]),
  cashier: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String({ maxLength: 200 }) }), Type.Null()]),
  shift: Type.Union([Type.Object({ id: Type.Integer(), opened_at: Instant, closed_at: Type.Union([Instant, Type.Null()]) }), Type.Null()]),
  updated_at: RowVersion,
});

export const ReplicationBody = Type.Object({
  documents: Type.Array(ReplicatedDocument, { minItems: 1, maxItems: REPLICATION_BATCH }),
});

export const ReplicationReply = Envelope(Type.Object({
  results: Type.Array(Type.Object({
    clave: Type.String(),
    outcome: Type.Union([Type.Literal('stored'), Type.Literal('updated'), Type.Literal('unchanged'), Type.Literal('conflict')]),
    message: Type.Optional(Type.String()),
  })),
}));

export const ChangesQuery = Type.Object({
  since: Type.Optional(Type.String({ maxLength: 1000, description: 'the `next_cursor` of the last page; empty or absent: everything' })),
  limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,3}$', description: 'rows per page, 1 to 1000 (default 500)' })),
});

export const ChangesReply = Envelope(Type.Object({
  products: Type.Array(Product),
  customers: Type.Array(Recipient),
  next_cursor: Type.String({ description: 'send it as `since` next time' }),
  more: Type.Boolean({ description: 'another page is ready now' }),
}));
