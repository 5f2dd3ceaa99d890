/** Request and answer schemas of /settings/mailbox (docs/received.md, "The mailbox"). */
import { Type } from 'typebox';
import { Envelope, NullableInteger, NullableText } from '../../schema-types.ts';

export const MailboxInput = Type.Object({
  host: Type.String({ minLength: 1, maxLength: 253 }),
  port: Type.Integer({ minimum: 1, maximum: 65535, description: '993 for TLS, 143 for STARTTLS' }),
  secure: Type.Optional(Type.Boolean({ description: 'TLS from the first byte; default true on port 993' })),
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'kept when left out, unless the host, port, user or security changed' })),
  folder: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'default INBOX' })),
  processed_folder: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()], { description: 'where taken mail is moved (levels separated by /); null: it stays, marked' })),
  interval_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440, description: 'default 5' })),
  enabled: Type.Optional(Type.Boolean({ description: 'default true' })),
}, { additionalProperties: false });

export const MailboxView = Type.Object({
  configured: Type.Boolean(),
  environment: NullableText('where its documents are filed: the environment of the key that set it up'),
  host: NullableText(),
  port: NullableInteger(),
  secure: Type.Boolean(),
  username: NullableText(),
  has_password: Type.Boolean(),
  folder: NullableText(),
  processed_folder: NullableText(),
  interval_minutes: NullableInteger(),
  enabled: Type.Boolean(),
  last_polled_at: NullableText(),
  last_error: NullableText('why the last poll could not read the mailbox'),
  last_result: Type.Union([Type.Object({ taken: Type.Integer(), stored: Type.Integer(), problems: Type.Integer() }), Type.Null()]),
});

export const MailboxReply = Envelope(MailboxView);
