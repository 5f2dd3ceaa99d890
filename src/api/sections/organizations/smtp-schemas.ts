/**
 * Answers of /settings/smtp (beyond the spec): the outgoing mail server as smtp-settings.ts smtpView writes
 * it (the password never, only `has_password`), and what the server said to a test e-mail (testView).
 */
import { Type } from 'typebox';
import { Envelope, NullableInteger, NullableText, Open } from '../../schema-types.ts';

export const SmtpSettingsReply = Envelope(Type.Object({
  configured: Type.Boolean({ description: 'false: none stored, the other members are empty' }),
  host: NullableText(),
  port: NullableInteger(),
  secure: Type.Boolean({ description: 'TLS from the first byte (port 465); otherwise STARTTLS' }),
  allow_insecure: Type.Boolean({ description: 'the operator accepts a server without STARTTLS' }),
  username: NullableText(),
  has_password: Type.Boolean({ description: 'a password is stored (it is never returned)' }),
  from_address: NullableText(),
  updated_at: NullableText(),
}, Open));

export const SmtpTestReply = Envelope(Type.Object({
  to: Type.String(),
  sent: Type.Boolean(),
  message_id: NullableText(),
  response: NullableText('the server\'s final reply when it took the message'),
  response_code: NullableInteger('the SMTP reply code of a refusal'),
  error: NullableText('what went wrong, in the request\'s language'),
}, Open));
