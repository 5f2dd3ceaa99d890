/**
 * Schema validation per part of the request. Query strings and path parameters are text, so their schema
 * coerces (`?per_page=5` is the integer 5); JSON bodies are typed already, so a body gets no coercion:
 * `{"enabled": 1}` is not a boolean and `"abc"` is not a list.
 */
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS: its default export arrives wrapped under ES module interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

function ajv(options: Options): Ajv {
  const instance = new Ajv({ allErrors: true, removeAdditional: false, useDefaults: true, strict: false, ...options });
  addFormats(instance);
  return instance;
}

const strict = ajv({ coerceTypes: false });
const coercing = ajv({ coerceTypes: 'array' });

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strict : coercing).compile(schema);
