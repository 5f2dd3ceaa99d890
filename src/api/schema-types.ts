/**
 * Small schema builders shared by route files. `Nullable` uses a JSON-Schema type array instead of
 * `anyOf`, so that a bad value yields one clear message per field instead of one per branch.
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';

export function Nullable<T = string>(schema: Record<string, unknown> & { type: string }) {
  return Type.Unsafe<T | null>({ ...schema, type: [schema.type, 'null'] });
}

/** Query-string integers arrive as text (the app does not coerce types), so they are patterns. */
export const QueryInteger = (description: string) => Type.String({ pattern: '^[0-9]{1,9}$', description });

/** The fastify instance of a route plugin after `withTypeProvider<TypeBoxTypeProvider>()`. */
export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
