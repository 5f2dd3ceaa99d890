/**
 * Validation messages in Spanish (the default) and English, chosen by `api_config.language`.
 * Parameters are written as {name}.
 */
import { inLanguage, type Bilingual } from './fill.ts';

export type Language = 'es' | 'en';

const messages = {
  required: ['Este campo es obligatorio.', 'This field is required.'],
  string: ['Debe ser texto.', 'Must be a string.'],
  object: ['Debe ser un objeto.', 'Must be an object.'],
  array: ['Debe ser una lista.', 'Must be an array.'],
  boolean: ['Debe ser verdadero o falso.', 'Must be true or false.'],
  number: ['Debe ser un número.', 'Must be a number.'],
  integer: ['Debe ser un número entero.', 'Must be an integer.'],
  max_length: ['No puede tener más de {max} caracteres.', 'Must be at most {max} characters long.'],
  min_length: ['Debe tener al menos {min} caracteres.', 'Must be at least {min} characters long.'],
  length_between: ['Debe tener entre {min} y {max} caracteres.', 'Must be {min} to {max} characters long.'],
  pattern: ['El formato no es válido ({format}).', 'Invalid format ({format}).'],
  one_of: ['Debe ser uno de: {values}.', 'Must be one of: {values}.'],
  unknown_code: ['El código "{value}" no existe en la tabla de Hacienda.', 'Code "{value}" is not in the tax authority\'s table.'],
  code_not_allowed: ['El código "{value}" no se admite en este tipo de documento.', 'Code "{value}" is not allowed on this document type.'],
  positive: ['Debe ser mayor que cero.', 'Must be greater than 0.'],
  min_value: ['Debe ser mayor o igual que {min}.', 'Must be at least {min}.'],
  max_value: ['Debe ser menor o igual que {max}.', 'Must be at most {max}.'],
  decimals: ['Admite como máximo {max} decimales.', 'Allows at most {max} decimals.'],
  date: ['Debe ser una fecha y hora con zona horaria (ISO 8601), por ejemplo 2026-03-15T10:30:00-06:00.', 'Must be a date-time with time zone (ISO 8601), e.g. 2026-03-15T10:30:00-06:00.'],
  future_date: ['La fecha no puede estar en el futuro.', 'The date cannot be in the future.'],
  email: ['Debe ser un correo electrónico válido.', 'Must be a valid e-mail address.'],
  callback_url_refused: ['La URL debe usar https y apuntar a un servidor público (no localhost ni una dirección privada, de loopback o de enlace local), sin usuario ni contraseña.', 'The URL must use https and point to a public host (not localhost or a private, loopback or link-local address), without user or password.'],
  max_items: ['Admite como máximo {max} elementos.', 'Allows at most {max} elements.'],
  min_items: ['Debe tener al menos {min} elemento(s).', 'Must have at least {min} element(s).'],
  xml_characters: ['Contiene caracteres de control no permitidos.', 'Contains control characters that are not allowed.'],
  receiver_required: ['El receptor es obligatorio, salvo en tiquetes electrónicos.', 'The receiver is required except on tickets.'],
  activity_required: ['El código de actividad económica es obligatorio, salvo en facturas electrónicas de compra.', 'The economic activity code is required except on purchase invoices.'],
  activity_format: ['Debe tener 6 caracteres: 6 dígitos o el formato con punto (por ejemplo 6201.0).', 'Must be 6 characters: 6 digits or the dotted form (e.g. 6201.0).'],
  delivery_recipients_required: ['El envío por correo requiere delivery.recipients o un correo del receptor.', 'E-mail delivery needs delivery.recipients or a receiver e-mail.'],
  receiver_activity_required: ['El código de actividad del receptor es obligatorio en facturas electrónicas de compra.', 'The receiver activity code is required on purchase invoices.'],
  exchange_rate_required: ['El tipo de cambio es obligatorio cuando la moneda no es CRC.', 'The exchange rate is required when the currency is not CRC.'],
  exchange_rate_crc: ['Con moneda CRC el tipo de cambio debe ser 1.', 'With currency CRC the exchange rate must be 1.'],
  clave_requires_consecutive: ['La clave solo puede enviarse junto con el número consecutivo.', 'The clave can only be sent together with the consecutive number.'],
  clave_invalid: ['La clave no es válida: {detail}.', 'The clave is not valid: {detail}.'],
  clave_mismatch: ['La clave no concuerda con {field}.', 'The clave does not match {field}.'],
  consecutive_invalid: ['El número consecutivo no es válido: {detail}.', 'The consecutive number is not valid: {detail}.'],
  consecutive_type: ['El consecutivo corresponde al tipo de documento {found}, no al {expected}.', 'The consecutive belongs to document type {found}, not {expected}.'],
  other_required: ['Es obligatorio cuando el código es 99.', 'Required when the code is 99.'],
  cabys_unknown: ['El código CABYS {value} no existe en el catálogo.', 'CABYS code {value} does not exist in the catalog.'],
  unit_needs_service_cabys: ['La unidad {unit} es de servicios y requiere un código CABYS de servicio (primer dígito 5 a 9).', 'Unit {unit} is a service unit and needs a service CABYS code (first digit 5 to 9).'],
  unit_needs_goods_cabys: ['La unidad {unit} es de mercancías y requiere un código CABYS de mercancía (primer dígito 0 a 4).', 'Unit {unit} is a goods unit and needs a goods CABYS code (first digit 0 to 4).'],
  reference_required: ['La información de referencia es obligatoria en notas de crédito y débito, facturas de compra y recibos de pago.', 'The reference is required on credit and debit notes, purchase invoices and payment receipts.'],
  tariff_required: ['Las facturas de exportación requieren una partida arancelaria de 12 dígitos en las líneas de mercancías.', 'Export invoices need a 12-digit tariff code on goods lines.'],
  payment_receipt_sale_condition: ['El recibo electrónico de pago solo admite las condiciones de venta 09 u 11.', 'Payment receipts only allow sale conditions 09 or 11.'],
  discounts_exceed_amount: ['Los descuentos ({discounts}) superan el monto total de la línea ({amount}).', 'Discounts ({discounts}) exceed the line amount ({amount}).'],
  exoneration_exceeds_rate: ['La tarifa exonerada ({exonerated}) no puede superar la tarifa del impuesto ({rate}).', 'The exonerated rate ({exonerated}) cannot exceed the tax rate ({rate}).'],
  exoneration_needs_rate: ['La exoneración solo aplica a un impuesto con tarifa.', 'An exoneration applies only to a tax with a rate.'],
  vat_rate_required: ['El IVA necesita rate_code o rate.', 'VAT needs rate_code or rate.'],
  rate_code_transitional: ['Las tarifas transitorias 05, 06 y 07 solo se admiten en notas de crédito y débito.', 'Transitional rates 05, 06 and 07 are only allowed on credit and debit notes.'],
  rate_mismatch: ['La tarifa {rate} no corresponde al código de tarifa {code} ({expected}).', 'Rate {rate} does not match rate code {code} ({expected}).'],
  payments_mismatch: ['{detail}.', '{detail}.'],
  other_charges_mismatch: ['No coincide con la suma de other_charges ({sum}).', 'Does not match the sum of other_charges ({sum}).'],
  iva_returned_card: ['El IVA devuelto solo aplica con pago con tarjeta (02).', 'VAT returned only applies to card payments (02).'],
  iva_returned_exceeds: ['El IVA devuelto no puede superar el impuesto total ({tax}).', 'VAT returned cannot exceed the total tax ({tax}).'],
  not_for_document_type: ['No se admite en este tipo de documento.', 'Not allowed on this document type.'],
  total_out_of_range: ['El monto supera el máximo que admite Hacienda (9999999999999.99999).', 'The amount exceeds the maximum the tax authority accepts (9999999999999.99999).'],
  phone_invalid: ['Debe ser un número de teléfono de 8 a 20 dígitos.', 'Must be a phone number of 8 to 20 digits.'],
  location_incomplete: ['La ubicación requiere provincia, cantón, distrito y otras señas.', 'The location needs province, canton, district and details.'],
  identification_length: ['Una identificación de tipo {type} debe tener {lengths} dígitos.', 'An identification of type {type} must have {lengths} digits.'],
  note_exceeds_balance: ['La nota ({amount}) supera el saldo pendiente del comprobante referido ({balance}).', 'The note ({amount}) exceeds the referenced document\'s remaining balance ({balance}).'],
  foreign_only_export: ['Solo se admite en facturas de exportación y de compra.', 'Only allowed on export and purchase invoices.'],
  vat_included_plain_line: [
    'Un precio con IVA incluido solo se admite en una línea cuyo único impuesto es el IVA (01) con su tarifa, sin exoneración, IVA cobrado en fábrica, componentes de combo ni descuento 02 (IVA cobrado al cliente): envíe esta línea con su precio sin impuestos (price_includes_vat: false).',
    'A price with VAT included is only accepted on a line whose only tax is VAT (01) with its rate, without exoneration, VAT charged at the factory, combo components or a 02 discount (VAT charged to the customer): send this line with its price before tax (price_includes_vat: false).',
  ],
} as const satisfies Record<string, Bilingual>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function message(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return inLanguage(messages[key], language, params);
}
