/**
 * The OpenAPI description of POST /receptor-messages (spec ReceptorMessageRequest). Like the document
 * request it documents only: src/receiver-messages/ reads every member (aliases included) and reports all
 * problems at once, so the route takes it with `readerValidates`.
 */
import { Type } from 'typebox';
import { decimal, open, opt, text } from '../documents/request-parts.ts';

export const ReceptorMessageBody = Type.Object({
  clave: Type.String({ pattern: '^[0-9A-Z]{50}$', description: 'the clave of the supplier\'s document (alias `key`)' }),
  message: Type.Union([Type.Integer({ minimum: 1, maximum: 3 }), Type.String({ enum: ['1', '2', '3'] })], {
    description: '`1` acceptance, `2` partial acceptance, `3` rejection (alias `mensaje`)', examples: [1],
  }),
  issuer_id: Type.String({ pattern: '^[0-9A-Z]+$', description: 'the supplier\'s identification (aliases `emisor_id`, `cedula_emisor`)', examples: ['3101123456'] }),
  issuer_id_type: text('the supplier\'s identification type (aliases `emisor_id_type`, `tipo_emisor`)', ['02']),
  receiver_id: text('the organization\'s identification (aliases `receptor_id`, `cedula_receptor`)'),
  receiver_id_type: text('its identification type (aliases `receptor_id_type`, `tipo_receptor`)', ['02']),
  issue_date: Type.String({ format: 'date-time', description: 'issue date of the supplier\'s document (aliases `fecha_emision`, `date`)' }),
  total: decimal('the document\'s total, above 0 (alias `total_factura`)', [113000]),
  activity_code: opt(text('6 digits, or 2 to 4 digits, dot, 1 to 2 digits (alias `codigo_actividad`)', ['620100'])),
  message_detail: opt(text('up to 160 characters, mandatory for a partial acceptance (aliases `detalle_mensaje`, `detail`)')),
  original_doc_type: opt(text('type of the supplier\'s document, default `01` (alias `tipo_documento_original`)')),
  tax_condition: opt(text('`01` to `05`')),
  total_tax: opt(decimal('aliases `total_impuesto`, `monto_total_impuesto`')),
  total_tax_credit: opt(decimal('alias `monto_total_impuesto_acreditar`')),
  total_applicable_expense: opt(decimal('alias `monto_total_gasto_aplicable`')),
  environment: opt(text('accepted; the API key decides')),
  language: opt(Type.String({ enum: ['es', 'en'], description: 'language of the validation messages' })),
  callback_url: opt(Type.String({ format: 'uri', description: 'an extra URL that receives the webhooks of this message' })),
}, { ...open, description: 'ReceptorMessageRequest: every member is checked by the reader, all problems reported at once' });
