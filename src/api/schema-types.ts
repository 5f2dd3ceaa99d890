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

/** The success envelope of envelope.ts `ok()` around `data`, with `extra` members after it (e.g. `pagination`). */
export function Envelope<D extends TSchema, E extends TProperties = Record<never, TSchema>>(data: D, extra: E = {} as E) {
  return Type.Object({
    success: Type.Boolean(),
    data,
    message: Type.Optional(Type.String()),
    timestamp: Type.String({ format: 'date-time' }),
    api_version: Type.String(),
    ...extra,
  });
}

/** The fastify instance of a route plugin after `withTypeProvider<TypeBoxTypeProvider>()`. */
export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
