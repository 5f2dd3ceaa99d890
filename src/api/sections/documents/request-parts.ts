/**
 * The parts of a document request (spec "Document request"): parties, addresses, items and what an item
 * carries (taxes, discounts, exoneration, combo components). Descriptive only: the OpenAPI shows a POS what
 * to send, while src/documents/request/ reads and checks every member (aliases included), so every object
 * stays open (`additionalProperties`) and the aliases are named in the descriptions.
 */
import { Type, type TSchema } from 'typebox';

/** Short builders: an optional member, a described text, a described amount, an open object. */
export const opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
export const text = (description: string, examples?: string[]) => Type.String({ description, ...(examples ? { examples } : {}) });
/** Amounts and quantities: a JSON number, or its decimal text. */
export const decimal = (description: string, examples?: (number | string)[]) =>
  Type.Union([Type.Number(), Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$' })], { description, ...(examples ? { examples } : {}) });
export const open = { additionalProperties: true } as const;

export const Address = Type.Object({
  province: text('province code 1 to 7 (alias `provincia`)', ['1']),
  canton: text('canton, two digits', ['01']),
  district: text('district, two digits (alias `distrito`)', ['08']),
  neighborhood: opt(text('neighborhood code (alias `barrio`)', ['01'])),
  details: opt(text('other signs, 5–250 characters for the issuer, 5–160 for the receiver (aliases `other_signs`, `otras_senas`)', ['200 m norte de la iglesia'])),
}, { ...open, description: 'Address (aliases `location`, `ubicacion`): Hacienda location codes (Codificacionubicacion_V4.4)' });

const Phone = Type.Union([
  Type.String({ description: 'the number; country code 506 implied', examples: ['22223333'] }),
  Type.Object({ country_code: opt(text('country code (default 506)', ['506'])), number: text('the number, 8 to 20 digits', ['88887777']) }, open),
], { description: 'phone (alias `telefono`)' });

/** Party (issuer or receiver), described as the role it plays. */
export const party = (description: string) => Type.Object({
  type: text('identification type: `01` física, `02` jurídica, `03` DIMEX, `04` NITE, `05` non-domiciled foreigner, `06` non-taxpayer; or the names `fisica`, `juridica`, `dimex`, `nite`, `extranjero` (aliases `identification_type`, `id_type`)', ['02']),
  id: text('identification number; dashes and spaces are dropped (aliases `identification`, `identification_number`, `number`)', ['3101123456']),
  name: text('name (alias `nombre`)', ['Soluciones Tecnológicas del Valle S.A.']),
  commercial_name: opt(text('commercial name')),
  email: opt(Type.Union([Type.String({ format: 'email' }), Type.Array(Type.String({ format: 'email' }))], { description: 'e-mail (alias `emails`)', examples: ['facturas@example.cr'] })),
  phone: opt(Phone),
  address: opt(Address),
  foreign_address: opt(text('address abroad, OtrasSenasExtranjero (alias `other_signs_foreign`): export invoices, foreign receivers')),
  activity_code: opt(text('receiver only: its economic activity, 6 characters (alias `codigo_actividad`); required on purchase invoices', ['620100'])),
  fiscal_registry_8707: opt(text('registro fiscal of law 8707 (alias `registro_fiscal_8707`)')),
}, { ...open, description });

export const Tax = Type.Object({
  type: text('tax code (Nota 8): `01` VAT, `02` selective consumption, `03`–`06` specific taxes, `07` VAT special base, `08` VAT on used goods, `12` cement, `99` others (aliases `code`, `tax_type`)', ['01']),
  rate_code: opt(text('VAT rate code (alias `rate_type`): `01` 0 %, `02` 1 %, `03` 2 %, `04` 4 %, `05`–`07` transitional, `08` 13 %, `09` 0.5 %, `10` exempt, `11` 0 % without credit right', ['08'])),
  rate: opt(decimal('rate in percent (alias `percentage`); a bare rate gets its rate code', [13])),
  amount: opt(decimal('tax amount; VAT is always recomputed, other taxes may give it')),
  type_other: opt(text('description of tax 99 (aliases `other_code`, `code_other`)')),
  iva_factor: opt(decimal('tax 08 (used goods): the VAT factor (alias `factor`)')),
  specific: opt(Type.Object({
    unit_quantity: opt(decimal('units of measure per unit (alias `cantidad_unidad_medida`)')),
    percentage: opt(decimal('alcohol percentage, tax 04 (alias `porcentaje`)')),
    consumption_unit_volume: opt(decimal('consumption unit volume, tax 05 (aliases `volume`, `volumen_unidad_consumo`)')),
    tax_per_unit: opt(decimal('tax per unit (alias `impuesto_unidad`)')),
  }, { ...open, description: 'DatosImpuestoEspecifico of taxes 03–06 (alias `specific_tax`)' })),
  exoneration_amount: opt(decimal('computed from the line\'s exoneration')),
  assumed_tax_amount: opt(decimal('ImpuestoAsumidoEmisorFabrica (alias `assumed_amount`)')),
  taxable_base: opt(decimal('BaseImponible: only with tax 07 or `iva_charged_at_factory` 01')),
  export_amount: opt(decimal('MontoExportacion: export invoices and notes')),
}, { ...open, description: 'Tax' });

export const Discount = Type.Object({
  amount: decimal('discount amount (alias `monto`); VAT included when the line\'s price is', [100]),
  code: opt(text('discount code (Nota 20), default `07` commercial discount; `01`/`03` gifts', ['07'])),
  other_code: opt(text('with code 99 (aliases `other_discount_code`, `code_other`)')),
  reason: opt(text('with code 99 (alias `nature`)')),
}, { ...open, description: 'Discount' });

export const Exoneration = Type.Object({
  document_type: text('exoneration document type, Nota 10.1 (alias `type`)', ['04']),
  document_number: text('exoneration document number (alias `number`)', ['AL-00012345-24']),
  institution: text('issuing institution code (alias `institution_code`)', ['01']),
  emission_date: Type.String({ format: 'date-time', description: 'emission date of the exoneration (aliases `date`, `issue_date`)' }),
  institution_name: opt(text('with institution 99 (alias `institution_other`)')),
  type_other: opt(text('with document type 99')),
  article: opt(decimal('article (alias `articulo`); types 02, 03, 06, 07, 08')),
  inciso: opt(decimal('inciso')),
  percentage: opt(decimal('TarifaExonerada: points of the rate exonerated (aliases `exonerated_rate`, `rate`)', [13])),
  amount: opt(decimal('exonerated amount (alias `exonerated_amount`); becomes a rate')),
}, { ...open, description: 'Exoneration of the item\'s VAT (alias `exoneracion`)' });

const CommercialCode = Type.Object({
  type: opt(text('Nota 12: `01` seller\'s code, `03` manufacturer\'s SKU or GTIN… (default `01`)', ['04'])),
  code: text('the code', ['7441234567890']),
}, open);

const tax = opt(Type.Union([Tax, Type.Array(Tax)], { description: 'one tax or a list (alias `taxes`)' }));
const discount = opt(Type.Array(Discount, { description: 'up to 5 discounts (alias `discounts`)' }));
const commercialCodes = opt(Type.Array(CommercialCode, { description: 'up to 5 (alias `commercial_code`)' }));

const AssortmentItem = Type.Object({
  cabys_code: text('13-digit CABYS code'),
  description: text('description'),
  quantity: decimal('quantity per unit of the pack'),
  unit: text('unit of measure'),
  price: opt(decimal('unit price')),
  subtotal: opt(decimal('computed')),
  total: opt(decimal('computed')),
  commercial_codes: commercialCodes,
  commercial_unit: opt(text('commercial unit')),
  iva_charged_at_factory: opt(text('`01`/`02` VAT charged at the factory')),
  discount,
  tax,
}, { ...open, description: 'A component of one unit of a combo or pack (DetalleSurtido)' });

export const Item = Type.Object({
  cabys_code: text('13-digit CABYS code, must exist (aliases `cabys`, `code`); optional on payment receipts and financial notes', ['8413100000000']),
  quantity: decimal('quantity, above 0 (alias `cantidad`)', [1]),
  unit: text('unit of measure, case-sensitive (aliases `unit_of_measure`, `unidad_medida`): service units (`Sp`, `Os`, `Spe`, `St`, `Al`…) need a service CABYS (5–9), goods units a goods CABYS (0–4)', ['Sp']),
  description: text('up to 200 characters (aliases `detail`, `detalle`)', ['Servicio de soporte técnico']),
  price: opt(decimal('unit price before tax (alias `unit_price`), above 0; VAT included with `price_includes_vat`', [50000])),
  line_number: opt(Type.Integer({ description: 'kept when unique, else lines are numbered 1..n' })),
  subtotal: opt(decimal('computed')),
  total: opt(decimal('recomputed from the taxes')),
  net_tax: opt(decimal('recomputed from the taxes')),
  tax,
  discount,
  exoneration: opt(Exoneration),
  commercial_codes: commercialCodes,
  commercial_unit: opt(text('commercial unit of measure')),
  is_service: opt(Type.Boolean({ description: 'used only if the CABYS code is missing' })),
  tariff_code: opt(text('tariff heading, export invoices (alias `partida_arancelaria`)')),
  export_amount: opt(decimal('MontoExportacion, export invoices and notes')),
  transaction_type: opt(text('Nota 23 transaction type')),
  medication_registry: opt(text('medication registry')),
  pharmaceutical_form: opt(text('pharmaceutical form, up to 3 characters')),
  serial_numbers: opt(Type.Array(Type.String(), { description: 'serial numbers or VINs (alias `vin`)' })),
  iva_charged_at_factory: opt(text('`01` VAT charged at the factory, `02` exempt')),
  surtido_items: opt(Type.Array(AssortmentItem, { description: 'components of a combo or pack (alias `assortment`); the line\'s taxes and discounts are theirs' })),
  price_includes_vat: opt(Type.Boolean({
    description: 'Beyond the spec: this item\'s price and discounts include VAT (true) or not (false), whatever commercial_info.prices_include_vat says. Only on a line whose only tax is VAT 01.',
  })),
}, { ...open, description: 'Item (a line); alias of the list: `lines`' });
