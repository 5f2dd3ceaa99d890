/**
 * Request and answer schemas of /reports/vat (docs/vat-worksheet.md). Figures are decimal strings with two
 * places (colones and céntimos); a document's share in the drill-down keeps the five places it is stored with.
 * The month and the typed-in figures are checked by the use case (reports/vat-report.ts), which answers 422
 * with the field that is wrong, rather than by a pattern here (400).
 */
import { Type } from 'typebox';
import { Envelope, NullableText } from '../../schema-types.ts';

const Cents = (description: string) => Type.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$', description });
const Five = (description: string) => Type.String({ pattern: '^-?[0-9]+\\.[0-9]{5}$', description });

export const VatQuery = Type.Object({
  month: Type.String({ description: 'the transaction month, YYYY-MM; not after the current month' }),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('pdf')], { description: 'json (default), csv or pdf' })),
  proportionality: Type.Optional(Type.String({ description: 'the proportionality percentage, 0 to 100, for purchases answered with CondicionImpuesto 05' })),
  imports_tax: Type.Optional(Type.String({ description: 'VAT paid on imports (customs), colones: a credit' })),
  withholdings: Type.Optional(Type.String({ description: 'VAT withheld by card processors, colones' })),
  previous_balance: Type.Optional(Type.String({ description: 'the balance in favour carried from the previous return, colones' })),
});

export const VatLineParams = Type.Object({ line: Type.String({ pattern: '^[a-z0-9_]{1,40}$', description: 'a line id of the worksheet (e.g. sales_08_goods)' }) });

const Line = Type.Object({
  id: Type.String({ description: 'stable line id' }),
  label: Type.String({ description: 'in the request\'s language' }),
  base: Type.Union([Cents('net sales or purchases of the line'), Type.Null()]),
  tax: Type.Union([Cents('the VAT of the line'), Type.Null()]),
  amount: Type.Union([Cents('a credit or a determination figure'), Type.Null()]),
  documents: Type.Integer({ description: 'documents behind the figure (GET /reports/vat/lines/{line} lists them)' }),
});

export const Worksheet = Type.Object({
  month: Type.String(),
  currency: Type.Literal('CRC'),
  notice: Type.String({ description: 'the official D-150 line layout was not published where we could read it: the grouping follows D-104-2' }),
  sections: Type.Array(Type.Object({
    id: Type.Union([Type.Literal('sales'), Type.Literal('purchases'), Type.Literal('credits'), Type.Literal('determination')]),
    label: Type.String(),
    lines: Type.Array(Line),
  })),
  totals: Type.Object({
    debit: Cents('tax charged'),
    credit: Cents('tax credits'),
    iva_returned: Cents('VAT refunded on health services paid by card'),
    balance: Cents('what is payable or in favour, never negative'),
    balance_kind: Type.Union([Type.Literal('payable'), Type.Literal('in_favour')]),
  }),
  warnings: Type.Array(Type.Object({
    code: Type.String({ description: 'awaiting_answer, unanswered, not_claimable, proportionality_missing, unreadable' }),
    count: Type.Integer(),
    claves: Type.Array(Type.String()),
    message: Type.String({ description: 'in the request\'s language' }),
  })),
});

export const VatReply = Envelope(Worksheet);

export const VatLineReply = Envelope(Type.Array(Type.Object({
  source: Type.Union([Type.Literal('issued'), Type.Literal('received')]),
  clave: Type.String(),
  consecutive: Type.String(),
  document_type: Type.String(),
  party: NullableText('the customer (issued) or the supplier (received)'),
  issued_at: Type.String(),
  base: Five('the document\'s share of the base, signed (a credit note subtracts)'),
  tax: Five('the document\'s share of the tax, or of the amount on a credit line'),
})));
