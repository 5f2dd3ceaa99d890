/**
 * Schema validation per part of the request. Query strings and path parameters are text, so their schema
 * coerces (`?per_page=5` is the integer 5); JSON bodies are typed already, so a body gets no coercion:
 * `{"enabled": 1}` is not a boolean and `"abc"` is not a list.
 */
import { Ajv, type Options, type ValidateFunction } from 'ajv';
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

/**
 * A body declared `Type.Optional(…)` (e.g. POST /documents/{key}/void) may be left out: fastify validates a
 * missing body as null, which only such a schema lets through. TypeBox marks it with a hidden `~optional`.
 */
function optionalBody(validate: ValidateFunction): ValidateFunction {
  const check = ((data: unknown) => {
    if (data === null || data === undefined) return true;
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return check;
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const validate = (httpPart === 'body' ? strict : coercing).compile(schema);
  return httpPart === 'body' && (schema as { '~optional'?: boolean })['~optional'] === true ? optionalBody(validate) : validate;
};
