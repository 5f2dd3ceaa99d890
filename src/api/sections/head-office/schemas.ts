/**
 * Requests and answers of /settings/head-office (docs/replication.md, "La caja"): the head office's address
 * and one-time code to pair with, and the link's state as link.ts linkStatus writes it.
 */
import { Type } from 'typebox';
import { Envelope, NullableText, Open } from '../../schema-types.ts';

export const PairRequest = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 500, description: 'the head office server, e.g. https://matriz.example.cr (http:// on a local network)' }),
  code: Type.String({ minLength: 8, maxLength: 20, description: 'the one-time pairing code the head office showed (ABCD-EFGH), valid 15 minutes' }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 120, description: 'how the head office lists this till (default: the organization\'s name)' })),
  branch: Type.Optional(Type.String({ pattern: '^\\d{3}$', description: 'this till\'s branch (default 001)' })),
  terminal: Type.Optional(Type.String({ pattern: '^\\d{5}$', description: 'this till\'s terminal (default 00001)' })),
});

export const PairReply = Envelope(Type.Object({
  head_office_name: Type.String(),
  till_id: Type.Integer({ description: 'this till\'s id at the head office' }),
  paired_at: Type.String(),
}, Open));

export const LinkStatusReply = Envelope(Type.Object({
  linked: Type.Boolean({ description: 'false: this till reports to no head office (the other members are empty)' }),
  url: NullableText(),
  head_office_name: NullableText(),
  till_id: Type.Union([Type.Integer(), Type.Null()]),
  paired_at: NullableText(),
  pending_documents: Type.Integer({ description: 'documents the head office has not confirmed yet' }),
  last_push_at: NullableText('the last time every waiting document went through'),
  last_pull_at: NullableText('the last time products and customers were brought from the head office'),
  last_error: NullableText('what went wrong last (the head office unreachable, a refusal, conflicts), until the next success'),
}, Open));
