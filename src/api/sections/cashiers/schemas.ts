/** Request and response schemas of /cashiers (docs/tills.md, "Cashiers"). A PIN goes in, never out. */
import { Type } from 'typebox';
import { Envelope, Nullable } from '../../schema-types.ts';

export const Role = Type.Union([Type.Literal('cashier'), Type.Literal('supervisor'), Type.Literal('owner')], { description: 'cashier: the counter; supervisor: also voids, notes, discounts, others\' shifts, printers; owner: everything' });
export const Pin = Type.String({ pattern: '^[0-9]{4,6}$', description: '4 to 6 digits; stored as a slow salted hash only' });
const Name = Type.String({ minLength: 1, maxLength: 80 });

export const CashierInput = Type.Object({ name: Name, pin: Pin, role: Role }, { additionalProperties: false });

export const CashierUpdate = Type.Object({
  name: Type.Optional(Name),
  pin: Type.Optional({ ...Pin, description: 'a new PIN; clears a lock' }),
  role: Type.Optional(Role),
  active: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

export const CashierParams = Type.Object({ id: Type.String({ description: 'cashier id (int64)' }) });
export const CashierListQuery = Type.Object({
  include_inactive: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'also the disabled ones (default false)' })),
});

export const Cashier = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: Role,
  active: Type.Boolean(),
  locked_until: Nullable({ type: 'string', format: 'date-time', description: 'locked after 5 wrong PINs in a row until then' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export const CashierReply = Envelope(Cashier);
export const CashierListReply = Envelope(Type.Array(Cashier));
