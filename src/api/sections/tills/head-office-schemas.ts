/** Schemas of the head office's tills (docs/replication.md, "Pairing"): pairing codes, the paired tills, pairing. */
import { Type } from 'typebox';
import { Envelope, NullableText } from '../../schema-types.ts';

export const PairingCodeInput = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 100, description: 'what the code is for, e.g. "Sucursal 1 · Caja 2"' }),
}, { additionalProperties: false });

export const PairingCodeReply = Envelope(Type.Object({
  code: Type.String({ description: 'ABCD-EFGH: shown once, good for one till within 15 minutes' }),
  label: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
}));

export const Till = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  branch: Type.String(),
  terminal: Type.String(),
  last_seen_at: NullableText('when the till last sent documents'),
  documents_received: Type.Integer({ description: 'documents this till replicated here' }),
  created_at: Type.String({ format: 'date-time' }),
});

export const TillListReply = Envelope(Type.Array(Till), {}, { description: 'the paired tills, oldest first' });

export const TillParams = Type.Object({ id: Type.String({ description: 'till id (int64)' }) });

export const PairInput = Type.Object({
  code: Type.String({ minLength: 8, maxLength: 20, description: 'the pairing code the head office showed' }),
  name: Type.String({ minLength: 1, maxLength: 80, description: "the till's name at the head office" }),
  branch: Type.String({ pattern: '^\\d{3}$', description: 'the till\'s branch (3 digits)' }),
  terminal: Type.String({ pattern: '^\\d{5}$', description: 'the till\'s terminal (5 digits)' }),
  identification_number: Type.String({ pattern: '^[0-9A-Za-z]{9,12}$', description: "the till's organization's identification: must be the head office's" }),
}, { additionalProperties: false });

export const PairReply = Envelope(Type.Object({
  till_id: Type.Integer(),
  organization: Type.Object({ uuid: Type.String(), name: Type.String(), identification_number: Type.String() }),
  token: Type.String({ description: "the till's API key (ability replication:write): shown once" }),
  head_office_name: Type.String(),
}));
