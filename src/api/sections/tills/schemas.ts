/** Schemas of the session's cashier and supervisors' approvals (docs/tills.md, "The session's cashier"). */
import { Type } from 'typebox';
import { Envelope } from '../../schema-types.ts';
import { Pin, Role } from '../cashiers/schemas.ts';

export const PadCashier = Type.Object({ id: Type.Integer(), name: Type.String(), role: Role });

export const PadCashiersReply = Envelope(Type.Array(PadCashier), {}, { description: 'the active cashiers, for the PIN pad' });

export const SessionCashierReply = Envelope(Type.Object({
  cashier: Type.Union([PadCashier, Type.Null()], { description: 'the signed-in cashier' }),
  lock_after_minutes: Type.Integer({ description: 'the inactivity lock of the till settings; 0 = never' }),
  required: Type.Boolean({ description: 'the organization has cashiers: its screens need one signed in' }),
}));

export const SignInBody = Type.Object({
  cashier_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  pin: Pin,
}, { additionalProperties: false });

export const SignInReply = Envelope(Type.Object({ cashier: PadCashier }));

export const ApprovalBody = Type.Object({
  cashier_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'the supervisor (or owner) who approves' }),
  pin: Pin,
  action: Type.Union([Type.Literal('void'), Type.Literal('credit_note'), Type.Literal('debit_note'), Type.Literal('discount'), Type.Literal('other_shift')]),
  target: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'the `target` of the refusal (a document key, a shift id): the approval is good for that one only' })),
}, { additionalProperties: false });

export const ApprovalReply = Envelope(Type.Object({
  approval: Type.String({ description: 'send it once as X-Facturador-Approval' }),
  expires_at: Type.String({ format: 'date-time' }),
  approved_by: PadCashier,
}));
