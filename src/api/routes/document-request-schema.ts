/**
 * The OpenAPI description of a document request's members beyond the spec (POST /electronic-documents and
 * the draft of POST /hacienda/validate). It documents only: the request reader (src/documents/request/)
 * checks every member itself, reporting all problems at once in the request's language, which a schema
 * validator in front of it would pre-empt with its own English messages. So these routes take the schema with
 * a validator that lets every body through to the reader.
 */
import { Type } from 'typebox';
import type { FastifySchemaCompiler } from 'fastify';

const PRICES_INCLUDE_VAT =
  'Beyond the spec (docs/document-request.md): the prices and discounts of the items are the shelf\'s, VAT included; ' +
  'each line\'s PrecioUnitario is derived before tax (5 decimals) so that its total is the shelf price × quantity less discounts. ' +
  'Default false: `price` is before tax, as the spec says.';

export const DocumentRequestBody = Type.Object({
  commercial_info: Type.Optional(Type.Object({
    prices_include_vat: Type.Optional(Type.Boolean({ description: PRICES_INCLUDE_VAT })),
  }, { additionalProperties: true })),
  items: Type.Optional(Type.Array(Type.Object({
    price_includes_vat: Type.Optional(Type.Boolean({
      description: 'Beyond the spec: this item\'s price and discounts include VAT (true) or not (false), whatever commercial_info.prices_include_vat says. Only on a line whose only tax is VAT 01.',
    })),
  }, { additionalProperties: true }))),
}, {
  additionalProperties: true,
  description: 'The spec\'s ElectronicDocumentRequest (DraftValidationRequest for a draft); the members shown are those beyond the spec. Every member is checked by the request reader (docs/document-request.md).',
});

/** Every body passes to the request reader, which is where a document request is checked. */
export const readerValidates: FastifySchemaCompiler<unknown> = () => () => true;
