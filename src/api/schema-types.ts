/**
 * Small schema builders shared by route files. `Nullable` uses a JSON-Schema type array instead of
 * `anyOf`, so that a bad value yields one clear message per field instead of one per branch.
 */
import { Type, type TProperties, type TSchema } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';

export function Nullable<T = string>(schema: Record<string, unknown> & { type: string }) {
  return Type.Unsafe<T | null>({ ...schema, type: [schema.type, 'null'] });
}

/** Query-string integers arrive as text (the app does not coerce types), so they are patterns. */
export const QueryInteger = (description: string) => Type.String({ pattern: '^[0-9]{1,9}$', description });

/** `page` and `per_page` of paginated listings, as envelope.ts pageParams reads them. */
export const PAGE_QUERY = {
  page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$', description: 'page number, from 1 (default 1)' })),
  per_page: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$', description: '1 to 100 (default 20)' })),
};

/** envelope.ts Pagination: `pagination` beside `data` in paginated listings. */
export const Pagination = Type.Object({ current_page: Type.Integer(), per_page: Type.Integer(), last_page: Type.Integer(), total: Type.Integer() });

/**
 * The success envelope of envelope.ts `ok()` around `data`, with `extra` members after it (e.g.
 * `pagination`); `description` names the answer, `message` says when the message appears.
 */
export function Envelope<D extends TSchema, E extends TProperties = Record<never, TSchema>>(data: D, extra: E = {} as E, options: { description?: string; message?: string } = {}) {
  return Type.Object({
    success: Type.Boolean(),
    data,
    message: Type.Optional(Type.String(options.message === undefined ? {} : { description: options.message })),
    timestamp: Type.String({ format: 'date-time' }),
    api_version: Type.String(),
    ...extra,
  }, options.description === undefined ? {} : { description: options.description });
}

/** The fastify instance of a route plugin after `withTypeProvider<TypeBoxTypeProvider>()`. */
export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/**
 * A file answer (PDF, XML, ZIP, SQLite, image) for the OpenAPI: its content type and a binary string. The
 * route sends a Buffer, a stream or a string with that content type, which fastify never serializes, so the
 * schema only documents.
 */
export function FileReply(description: string, ...contentTypes: string[]) {
  const schema = Type.Unsafe<Uint8Array | NodeJS.ReadableStream | string>({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])) };
}

/** An open object: members not listed still reach the client (fastify's serializer drops unlisted ones otherwise). */
export const Open = { additionalProperties: true } as const;

/** A nullable text or number member, as the views write them (null, never left out). */
export const NullableText = (description?: string) => Nullable({ type: 'string', ...(description ? { description } : {}) });
export const NullableNumber = (description?: string) => Nullable<number>({ type: 'number', ...(description ? { description } : {}) });
export const NullableInteger = (description?: string) => Nullable<number>({ type: 'integer', ...(description ? { description } : {}) });

/** An answer whose `data` is null (a deletion, a test send): its `message` says what was done. */
export const NullDataReply = Envelope(Type.Null());
