/**
 * Requests and answers of the organization settings (spec CounterInput, BrandingInput, Counter, Branding):
 * the consecutive-number counters and the branding of PDFs and e-mails, as settings-views.ts counterView and
 * brandingView write them.
 */
import { Type } from 'typebox';
import { Envelope, NullableText, Open } from '../../schema-types.ts';

const EnvironmentName = Type.Enum(['staging', 'production'], { description: 'default: the environment of the key' });

export const CounterQuery = Type.Object({ environment: Type.Optional(EnvironmentName) });

export const CounterInput = Type.Object({
  branch: Type.String({ pattern: '^\\d{1,3}$', description: 'sucursal, stored as 3 digits' }),
  terminal: Type.String({ pattern: '^\\d{1,5}$', description: 'punto de venta, stored as 5 digits' }),
  document_type: Type.String({ pattern: '^(0[1-9]|10)$' }),
  next_value: Type.Integer({ minimum: 1, maximum: 9_999_999_999, description: 'the number the next document will use' }),
  environment: Type.Optional(EnvironmentName),
});

export const BrandingInput = Type.Object({
  color: Type.Optional(Type.String({ pattern: '^(#[0-9A-Fa-f]{6})?$', description: '"" clears' })),
  email_reply_to: Type.Optional(Type.String({ maxLength: 255, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', description: 'e-mail; "" clears' })),
  email_sender_name: Type.Optional(Type.String({ maxLength: 100 })),
  footer: Type.Optional(Type.String({ maxLength: 300 })),
  logo: Type.Optional(Type.String({ description: 'PNG or JPEG, base64, at most 512 KB and 4000 pixels a side, 4 megapixels in all (422 invalid_logo otherwise); "" removes it' })),
});

const Counter = Type.Object({
  branch: Type.String({ description: '3 digits' }),
  terminal: Type.String({ description: '5 digits' }),
  document_type: Type.String(),
  environment: Type.String(),
  next_value: Type.Integer({ description: 'the number the next document will use' }),
  updated_at: Type.String({ format: 'date-time' }),
}, Open);

export const CounterReply = Envelope(Counter);
export const CounterListReply = Envelope(Type.Array(Counter));

export const BrandingReply = Envelope(Type.Object({
  color: NullableText('#RRGGBB'),
  email_reply_to: NullableText(),
  email_sender_name: NullableText(),
  footer: NullableText(),
  has_logo: Type.Boolean(),
}, Open));
