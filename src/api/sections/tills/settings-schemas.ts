/**
 * Schemas of GET/PUT /settings/till (docs/tills.md, "Till settings"). Shapes only: the ranges, the scale
 * formats and their prefixes are checked by tills/change-till-settings.ts, which answers every problem at once.
 */
import { Type } from 'typebox';
import { Envelope } from '../../schema-types.ts';

const ScaleFormat = Type.Object({
  prefix: Type.String({ description: 'two digits, 20 to 29: the EAN-13 prefix the scale prints; one format per prefix' }),
  item_digits: Type.Integer({ description: "1 to 9: digits of the item's code (the product's code, its PLU) after the prefix; the value has the other 10 − item_digits" }),
  value: Type.Union([Type.Literal('weight'), Type.Literal('price')], { description: 'weight: kilograms (the quantity); price: the amount in colones' }),
  decimals: Type.Integer({ description: "decimals of the value: 0 to 10 − item_digits, and at most 3 for a weight (3: grams)" }),
}, { additionalProperties: false });

const LOCK = '0 to 240: minutes without a request after which a session loses its cashier (0: never)';
const DISCOUNT = "0 to 100 (up to 2 decimals): percent of a line's amount a cashier may discount without a supervisor";

export const TillSettingsInput = Type.Object({
  lock_after_minutes: Type.Optional(Type.Integer({ description: LOCK })),
  discount_limit_percent: Type.Optional(Type.Unsafe<string | number>({ type: ['string', 'number'], description: `${DISCOUNT}; decimal text` })),
  scale_formats: Type.Optional(Type.Array(ScaleFormat, { maxItems: 10, description: "the shop's scale-label formats (replaces the list)" })),
}, { additionalProperties: false, description: 'members not sent keep their value' });

export const TillSettings = Type.Object({
  lock_after_minutes: Type.Integer({ description: LOCK }),
  discount_limit_percent: Type.String({ description: `${DISCOUNT}; decimal text` }),
  scale_formats: Type.Array(ScaleFormat),
});

export const TillSettingsReply = Envelope(TillSettings);
