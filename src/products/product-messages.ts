/**
 * What the products API says about a product or a CSV file, in Spanish (the default) and English. The
 * routes answer in the request's language (Accept-Language, api/request-language.ts): a field's 422
 * messages, the 404 and 409, and the CSV import's report of each refused row, which the Products screen
 * shows as it is.
 */
import { inLanguage, type Bilingual } from '../i18n/fill.ts';
import type { Language } from '../i18n/validation-messages.ts';

const messages = {
  required: ['Este campo es obligatorio.', 'This field is required.'],
  max_length: ['Como máximo {max} caracteres.', 'At most {max} characters.'],
  barcode: ['Solo letras, dígitos y símbolos, sin espacios.', 'Letters, digits and symbols only, no spaces.'],
  unit_unknown: ['La unidad de medida {unit} no existe (UnidadMedida, p. ej. Unid, Kg, Sp).', 'Unknown unit of measure {unit} (UnidadMedida, e.g. Unid, Kg, Sp).'],
  unit_needs_goods: ['La unidad {unit} es de servicios y el código CABYS es de mercancías (primer dígito 0 a 4).', 'Unit {unit} is for services; the CABYS code is of goods (first digit 0 to 4).'],
  unit_needs_service: ['La unidad {unit} es de mercancías y el código CABYS es de un servicio (primer dígito 5 a 9).', 'Unit {unit} is for goods; the CABYS code is of a service (first digit 5 to 9).'],
  price_format: ['Debe ser un número como 1500 o 1250.50 (punto antes de los decimales).', 'Must be a decimal number such as 1500 or 1250.50 (a dot before the decimals).'],
  price_negative: ['No puede ser negativo.', 'Must not be negative.'],
  price_decimals: ['Como máximo {max} decimales.', 'At most {max} decimals.'],
  price_max: ['Como máximo {max}.', 'At most {max}.'],
  cabys_format: ['Debe ser un código CABYS de 13 dígitos.', 'Must be a CABYS code of 13 digits.'],
  cabys_unknown: ['El código CABYS {code} no está en el catálogo.', 'CABYS code {code} is not in the catalog.'],
  currency_unknown: ['La moneda {currency} no existe (ISO 4217, p. ej. CRC, USD).', 'Unknown currency {currency} (ISO 4217, e.g. CRC, USD).'],
  tax_code_unknown: ['El código de impuesto {code} no existe (CodigoImpuesto, p. ej. 01 IVA).', 'Unknown tax code {code} (CodigoImpuesto, e.g. 01 VAT).'],
  rate_not_vat: ['Solo el IVA (tax_code 01, 07, 08) lleva código de tarifa; el tax_code {code} no.', 'Only VAT (tax_code 01, 07, 08) has a rate code; tax_code {code} does not.'],
  rate_required: ['Con un tax_code de IVA es obligatorio el código de tarifa, p. ej. 08 (13 %).', 'Required with a VAT tax_code: the rate code, e.g. 08 (13 %).'],
  rate_unknown: ['El código de tarifa de IVA {code} no existe (01 a 11).', 'Unknown VAT rate code {code} (01 to 11).'],
  rate_transitional: ['Las tarifas transitorias (05 a 07) solo se usan en notas que corrigen ventas anteriores, no en un producto.', 'Transitional rates (05 to 07) apply only to notes correcting older sales, not to a product.'],
  boolean: ['Debe ser verdadero o falso (true/false, sí/no, 1/0).', 'Must be true or false (true/false, yes/no, 1/0).'],
  includes_vat_not_plain_vat: ['Solo un precio con IVA (tax_code 01) puede incluir el IVA; el tax_code {code} no.', 'Only a price with VAT (tax_code 01) can include VAT; tax_code {code} cannot.'],
  csv_cells: ['La fila tiene {cells} celdas; el encabezado nombra {columns} columnas.', 'The row has {cells} cells; the header names {columns} columns.'],
  csv_repeated_code: ['El código {code} ya está en la fila {row}.', 'Code {code} is already on row {row}.'],
  csv_empty: ['El archivo está vacío: la primera fila nombra las columnas.', 'The file is empty: the first row names the columns.'],
  csv_unknown_columns: ['Columnas desconocidas: {names} (se conocen: {known}).', 'Unknown columns: {names} (known: {known}).'],
  csv_repeated_columns: ['Columnas repetidas: {names}.', 'Repeated columns: {names}.'],
  csv_missing_columns: ['Faltan columnas: {names}.', 'Missing columns: {names}.'],
  code_taken: ['Otro producto de esta organización ya tiene el código {code}.', 'Another product of this organization has code {code}.'],
  not_found: ['No hay un producto {id} en esta organización.', 'No product {id} in this organization.'],
} as const satisfies Record<string, Bilingual>;

export type ProductMessageKey = keyof typeof messages;

export function productMessage(language: Language, key: ProductMessageKey, params: Record<string, string | number> = {}): string {
  return inLanguage(messages[key], language, params);
}
