/**
 * Requests and answers of /settings/smtp (beyond the spec): the server to set and the test e-mail's
 * address; the outgoing mail server as smtp-routes.ts smtpView writes it (the password never, only
 * `has_password`), and what the server said to a test e-mail (testView).
 */
import { Type } from 'typebox';
import { Envelope, NullableInteger, NullableText, Open } from '../../schema-types.ts';

export const SmtpSettingsInput = Type.Object({
  host: Type.String({ minLength: 1, maxLength: 255 }),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  secure: Type.Optional(Type.Boolean({ description: 'TLS from the first byte (port 465); default: true on port 465. Otherwise STARTTLS, required unless allow_insecure.' })),
  allow_insecure: Type.Optional(Type.Boolean({ description: 'beyond the spec: true = the operator accepts a server without STARTTLS (login and messages in clear); default false' })),
  username: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()], { description: 'null or "": no authentication' })),
  password: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()], { description: 'omitted: the stored one is kept, unless host, port, username, secure or allow_insecure change (then 422 on password); null or "": removed' })),
  from_address: Type.String({ format: 'email', maxLength: 255, description: 'the From address of every e-mail' }),
});

export const SmtpTestRequest = Type.Object({ to: Type.String({ format: 'email', maxLength: 160 }) });

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
