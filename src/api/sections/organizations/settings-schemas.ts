/**
 * Answers of the organization settings (spec Counter, Branding): the consecutive-number counters and the
 * branding of PDFs and e-mails, as settings.ts counterView and brandingView write them.
 */
import { Type } from 'typebox';
import { Envelope, NullableText, Open } from '../../schema-types.ts';

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
