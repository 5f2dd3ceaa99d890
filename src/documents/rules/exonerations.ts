/** Exoneracion (annex pages 44–46, Notas 10.1 and 23). */
import { VAT_TAX_CODES, vatRate } from '../../domain/tax-amounts.ts';
import { exonerableRate } from '../../domain/line-totals.ts';
import type { ItemInput } from '../request/parsed-request.ts';
import { allBut } from './rule.ts';
import { isCombo, items, otherDescribed, requestRule, totalsRule } from './define.ts';
import type { RequestFacts } from './facts.ts';

/** Exoneration document types only credit and debit notes may use (Nota 10.1, footnotes 38–41). */
const NOTE_ONLY_EXONERATION_TYPES: ReadonlySet<string> = new Set(['01', '05', '06', '07']);
/** Exoneration document types whose law article must be given (page 45). */
const ARTICLE_EXONERATION_TYPES: ReadonlySet<string> = new Set(['02', '03', '06', '07', '08']);

function exonerated(f: Pick<RequestFacts, 'req'>): ItemInput[] {
  return items(f).filter((item) => item.exoneration !== undefined);
}

/** The VAT rates of a line's components (several: the exoneration is given as an amount). */
function componentVatRates(item: ItemInput): Set<string> {
  return new Set(item.assortment.flatMap((c) => c.taxes.filter((t) => VAT_TAX_CODES.has(t.code)).map((t) => t.rateCode ?? '')));
}

/** A combo's VAT rate when all its components share one. */
function uniformComponentRate(item: ItemInput): ReturnType<typeof vatRate> {
  const rates = [...componentVatRates(item)];
  return rates.length === 1 ? vatRate({ rateCode: rates[0] }) : undefined;
}

export const EXONERATION_RULES = [
  requestRule({
    id: 'exoneration-not-on-type', section: 'exonerations', element: 'Exoneracion', types: ['09', '10'], page: 44,
    quote: 'Exoneracion … FEE 4, REP 4 (inexistente)',
    paths: ['items.N.exoneration'],
    message: { es: 'Este tipo de comprobante no admite exoneraciones: su XML no puede mostrar el monto exonerado.', en: 'This document type does not allow exonerations: its XML cannot show the exonerated amount.' },
    check: (f, report) => {
      for (const item of exonerated(f)) report(`${item.path}.exoneration`);
    },
  }),
  requestRule({
    id: 'exoneration-needs-vat', section: 'exonerations', element: 'Exoneracion', types: allBut('09', '10'), page: 44,
    quote: 'Este campo será de condición obligatoria cuando la venta tenga alguna exoneración. … Dicho monto se obtiene de la multiplicación del campo "Tarifa exonerada" por el campo "Subtotal" o base imponible',
    paths: ['items.N.exoneration'],
    message: { es: 'La exoneración se aplica al IVA de la línea: la línea necesita un IVA con tarifa mayor que cero.', en: 'The exoneration applies to the line\'s VAT: the line needs a VAT with a rate above zero.' },
    check: (f, report) => {
      for (const item of exonerated(f)) {
        const rates = isCombo(item)
          ? item.assortment.flatMap((c) => c.taxes.filter((t) => VAT_TAX_CODES.has(t.code)).map((t) => vatRate(t)))
          : item.taxes.filter((t) => VAT_TAX_CODES.has(t.code)).map((t) => exonerableRate(t));
        if (!rates.some((rate) => rate?.greaterThan(0))) report(`${item.path}.exoneration`);
      }
    },
  }),
  requestRule({
    id: 'exoneration-type-notes-only', section: 'exonerations', element: 'Exoneracion/TipoDocumentoEX1', types: ['01', '04', '08'], page: 74,
    quote: 'El código 01 [05, 06, 07] … se utilizará únicamente para efectos de las Notas de Crédito y Notas de Débito que lo requieran.',
    paths: ['items.N.exoneration.document_type'],
    message: { es: 'El tipo de documento de exoneración {code} solo se usa en notas de crédito y débito.', en: 'Exoneration document type {code} is only used on credit and debit notes.' },
    check: (f, report) => {
      for (const item of exonerated(f)) {
        const code = item.exoneration!.documentType;
        if (NOTE_ONLY_EXONERATION_TYPES.has(code)) report(`${item.path}.exoneration.document_type`, { code });
      }
    },
  }),
  otherDescribed({
    id: 'exoneration-type-other-required', section: 'exonerations', element: 'Exoneracion/TipoDocumentoOTRO', types: allBut('09', '10'), page: 44,
    quote: 'Será obligatorio en caso de utilizar el código 99 de "Otros" de la nota 10.1.',
    paths: ['items.N.exoneration.type_other'],
    what: { es: 'el documento de exoneración (type_other)', en: 'the exoneration document (type_other)' },
    entries: (f) => exonerated(f).map((item) => ({ path: `${item.path}.exoneration.type_other`, code: item.exoneration!.documentType, description: item.exoneration!.documentTypeOther })),
  }),
  requestRule({
    id: 'exoneration-article-required', section: 'exonerations', element: 'Exoneracion/Articulo', types: allBut('09', '10'), page: 45,
    quote: 'Este campo será de condición obligatoria, cuando se elija … los códigos "02" o "03", "06", "07" y "08", de la nota 10.1 se debe de indicar el número del artículo de la ley.',
    paths: ['items.N.exoneration.article'],
    message: { es: 'Con el tipo de documento de exoneración {code} indique el artículo de la ley (article).', en: 'With exoneration document type {code} give the law\'s article (article).' },
    check: (f, report) => {
      for (const item of exonerated(f)) {
        const ex = item.exoneration!;
        if (ARTICLE_EXONERATION_TYPES.has(ex.documentType) && ex.article === undefined) report(`${item.path}.exoneration.article`, { code: ex.documentType });
      }
    },
  }),
  otherDescribed({
    id: 'exoneration-institution-other-required', section: 'exonerations', element: 'Exoneracion/NombreInstitucionOtros', types: allBut('09', '10'), page: 45,
    quote: 'Será obligatorio en caso de utilizar el código 99 de "Otros" de la nota 23.',
    paths: ['items.N.exoneration.institution_name'],
    what: { es: 'la institución (institution_name)', en: 'the institution (institution_name)' },
    entries: (f) => exonerated(f).map((item) => ({ path: `${item.path}.exoneration.institution_name`, code: item.exoneration!.institution, description: item.exoneration!.institutionOther })),
  }),
  requestRule({
    id: 'exoneration-11-reference', section: 'exonerations', element: 'InformacionReferencia', types: ['01'], page: 56,
    quote: 'Será obligatorio cuando se genere: 1. En "Factura Electrónica" el código 11 de la nota 10.1 en el campo "Tipo de documento de autorización o exoneración"',
    paths: ['reference'],
    message: { es: 'Una factura con exoneración de tipo 11 (autorización de impuesto local concreta) debe llevar información de referencia.', en: 'An invoice with an exoneration of type 11 (specific local tax authorisation) must carry a reference.' },
    check: (f, report) => {
      if (!f.given.reference && exonerated(f).some((item) => item.exoneration!.documentType === '11')) report('reference');
    },
  }),
  requestRule({
    id: 'exoneration-mixed-assortment', section: 'exonerations', element: 'Exoneracion/MontoExoneracion', types: allBut('08', '09', '10'), page: 46,
    quote: 'De aplicarse una exoneración a un surtido que posea distintas tarifas, este campo será editable, no obstante, el mismo no podrá ser superior al campo "monto del impuesto". (TarifaExonerada: se podrá indicar 0%.)',
    paths: ['items.N.exoneration.amount'],
    message: { es: 'Un surtido con componentes a distintas tarifas se exonera por monto (amount), con tarifa exonerada 0.', en: 'An assortment whose components have different rates is exonerated by amount (amount), with exonerated rate 0.' },
    check: (f, report) => {
      for (const item of exonerated(f)) {
        if (!isCombo(item) || componentVatRates(item).size < 2) continue;
        const ex = item.exoneration!;
        if (ex.amount === undefined || (ex.rate !== undefined && !ex.rate.isZero())) report(`${item.path}.exoneration.amount`);
      }
    },
  }),
  requestRule({
    id: 'exonerated-rate-within-tax', section: 'exonerations', element: 'Exoneracion/TarifaExonerada', types: allBut('09', '10'), page: 45,
    quote: 'Debe de indicarse los puntos de la tarifa otorgado de exoneración. … En caso de ser un porcentaje mayor se rechazará el comprobante.',
    paths: ['items.N.exoneration.percentage', 'items.N.exoneration.amount'],
    message: { es: 'La tarifa exonerada ({exonerated}) no puede superar la tarifa del impuesto ({rate}).', en: 'The exonerated rate ({exonerated}) cannot exceed the tax rate ({rate}).' },
    check: (f, report) => {
      for (const item of exonerated(f)) {
        const given = item.exoneration!.rate;
        const vat = item.taxes.find((t) => VAT_TAX_CODES.has(t.code));
        const rate = isCombo(item) ? uniformComponentRate(item) : vat && exonerableRate(vat);
        if (given !== undefined && rate !== undefined && given.greaterThan(rate)) report(`${item.path}.exoneration.percentage`, { exonerated: given.toFixed(2), rate: rate.toFixed(2) });
      }
    },
  }),
  totalsRule({
    id: 'exonerated-amount-within-rate', section: 'exonerations', element: 'Exoneracion/TarifaExonerada', types: allBut('09', '10'), page: 45,
    quote: 'TarifaExonerada … En caso de ser un porcentaje mayor se rechazará el comprobante. (MontoExoneracion = Tarifa exonerada × Subtotal o base imponible, página 46.)',
    paths: ['items.N.exoneration.amount'],
    message: { es: 'El monto exonerado equivale a una tarifa exonerada de {exonerated} %, mayor que la del impuesto ({rate} %).', en: 'The exonerated amount amounts to an exonerated rate of {exonerated}%, above the tax rate ({rate}%).' },
    check: (f, report) => f.req.items.forEach((item, i) => {
      const ex = item.exoneration;
      const vat = f.lines[i]?.taxes.find((t) => VAT_TAX_CODES.has(t.code) && t.exoneration);
      const rate = vat && !isCombo(item) ? exonerableRate(vat) : uniformComponentRate(item);
      if (!ex || ex.rate !== undefined || ex.amount === undefined || !vat?.exoneration || rate === undefined) return;
      if (vat.exoneration.rate.greaterThan(rate)) report(`${item.path}.exoneration.amount`, { exonerated: vat.exoneration.rate.toFixed(2), rate: rate.toFixed(2) });
    }),
  }),
  totalsRule({
    id: 'exonerated-amount-within-tax', section: 'exonerations', element: 'Exoneracion/MontoExoneracion', types: allBut('09', '10'), page: 46,
    quote: 'no obstante, el mismo no podrá ser superior al campo "monto del impuesto".',
    paths: ['items.N.exoneration.amount', 'items.N.exoneration.percentage'],
    message: { es: 'El monto exonerado ({exonerated}) no puede superar el impuesto ({tax}).', en: 'The exonerated amount ({exonerated}) cannot exceed the tax ({tax}).' },
    check: (f, report) => f.req.items.forEach((item, i) => {
      const vat = f.lines[i]?.taxes.find((t) => t.exoneration);
      if (item.exoneration && vat?.exoneration && vat.exoneration.amount.greaterThan(vat.amount)) {
        const given = item.exoneration.rate !== undefined ? 'percentage' : 'amount';
        report(`${item.path}.exoneration.${given}`, { exonerated: vat.exoneration.amount.toFixed(5), tax: vat.amount.toFixed(5) });
      }
    }),
  }),
];
