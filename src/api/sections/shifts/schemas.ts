/**
 * Request and answer schemas of /shifts (docs/tills.md, "Shifts"). Amounts are decimal text with 5 places
 * (colones unless said otherwise); requests may send them as text or JSON numbers, which the use cases read
 * exactly (tills/cash-count.ts) and refuse with 422 and the field's path.
 */
import { Type } from 'typebox';
import { Envelope, Nullable, NullableText } from '../../schema-types.ts';

const Amount = (description: string) => Type.String({ pattern: '^-?[0-9]+\\.[0-9]{5}$', description });
const Money = (description: string) => Type.Unsafe<string | number>({ type: ['string', 'number'], description });
const Method = Type.Union([Type.Literal('cash'), Type.Literal('card'), Type.Literal('sinpe_movil'), Type.Literal('transfer'), Type.Literal('other')], { description: 'cash (01), card (02), sinpe_movil (06), transfer (04), other' });
const Person = Type.Object({ id: Type.Integer(), name: Type.String() });
const NullablePerson = Type.Union([Person, Type.Null()]);
const Terminal = Type.String({ pattern: '^[0-9]{1,5}$', description: 'the terminal (punto de venta) of the consecutive, 1–5 digits' });
const Branch = Type.String({ pattern: '^[0-9]{1,3}$', description: 'the branch (sucursal), 1–3 digits; default 001' });

export const ShiftParams = Type.Object({ id: Type.String({ description: 'shift id (int64)' }) });

export const OpenShiftBody = Type.Object({
  terminal: Terminal,
  branch: Type.Optional(Branch),
  opening_float: Money('the cash in the drawer at the start, colones, 0 or more'),
}, { additionalProperties: false });

export const MovementBody = Type.Object({
  kind: Type.Union([Type.Literal('in'), Type.Literal('out')], { description: 'in: cash put into the drawer; out: taken out' }),
  amount: Money('colones, above 0'),
  reason: Type.String({ minLength: 1, maxLength: 200, description: 'why (change brought from the bank, a supplier paid in cash...)' }),
}, { additionalProperties: false });

const Count = Money('what was counted, 0 or more; left out: 0');
export const CloseBody = Type.Object({
  counts: Type.Optional(Type.Object({
    cash: Type.Optional(Type.Unsafe<unknown>({
      type: 'object',
      description: '{denominations: {"20000": 2, "500": 3, ...}} (notes 20000 10000 5000 2000 1000, coins 500 100 50 25 10 5) or {amount}',
    })),
    card: Type.Optional(Count),
    sinpe_movil: Type.Optional(Count),
    transfer: Type.Optional(Count),
    other: Type.Optional(Count),
  }, { description: 'the count per payment method' })),
}, { additionalProperties: false });

export const ShiftListQuery = Type.Object({
  state: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed')])),
  terminal: Type.Optional(Terminal),
  branch: Type.Optional(Branch),
  cashier_id: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'the cashier who opened it' })),
  from: Type.Optional(Type.String({ format: 'date', description: 'opened on or after this day (Costa Rica), YYYY-MM-DD' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'opened on or before this day (Costa Rica), YYYY-MM-DD' })),
  limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$', description: '1 to 100 (default 20)' })),
  cursor: Type.Optional(Type.String({ pattern: '^\\d{1,15}$', description: 'next_cursor of the previous page' })),
});

export const CurrentQuery = Type.Object({ terminal: Terminal, branch: Type.Optional(Branch) });

export const ReportQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('pdf')], { description: 'json (default) or pdf (an attachment)' })),
});

export const DailyQuery = Type.Object({
  date: Type.String({ description: 'the Costa Rica day, YYYY-MM-DD' }),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('pdf')], { description: 'json (default) or pdf (an attachment)' })),
});

export const PrintBody = Type.Object({
  printer_id: Type.Optional(Type.Integer({ minimum: 1, description: 'a printer of the organization; default the till\'s' })),
}, { additionalProperties: false });

const ShiftSummary = Type.Object({
  id: Type.Integer(),
  branch: Type.String(),
  terminal: Type.String(),
  environment: Type.String(),
  opened_at: Type.String({ format: 'date-time' }),
  closed_at: Nullable({ type: 'string', format: 'date-time' }),
  opened_by: NullablePerson,
  closed_by: NullablePerson,
});

const CashMovementData = Type.Object({
  id: Type.Integer(),
  shift_id: Type.Integer(),
  kind: Type.Union([Type.Literal('in'), Type.Literal('out')]),
  amount: Amount('colones'),
  reason: Type.String(),
  cashier: NullablePerson,
  created_at: Type.String({ format: 'date-time' }),
});

const ByMethod = Type.Object({ method: Method, sales: Amount(''), refunds: Amount('credit notes'), net: Amount('sales − refunds') });

export const Report = Type.Object({
  kind: Type.Union([Type.Literal('X'), Type.Literal('Z'), Type.Literal('day')], { description: 'X: open shift; Z: closed (kept at close); day: the day\'s Z' }),
  shifts: Type.Array(ShiftSummary),
  date: NullableText('the day of a day report'),
  generated_at: Type.String({ format: 'date-time' }),
  currency: Type.Literal('CRC'),
  opening_float: Amount('the floats added up'),
  totals: Type.Object({ documents: Type.Integer(), sales: Amount(''), refunds: Amount(''), net: Amount('the sum of documents[].total_crc'), tax: Amount('') }),
  by_type: Type.Array(Type.Object({ document_type: Type.String(), count: Type.Integer(), total: Amount('') })),
  by_method: Type.Array(ByMethod),
  tax: Type.Array(Type.Object({ rate_code: NullableText('CodigoTarifaIVA; null: lines without VAT'), base: Amount(''), tax: Amount('') })),
  currencies: Type.Array(Type.Object({
    currency: Type.String(), count: Type.Integer(), total: Amount('in the currency, net'), total_crc: Amount(''),
    by_method: Type.Array(Type.Object({ method: Method, net: Amount('in the currency') })),
  })),
  movements: Type.Array(CashMovementData),
  cash: Type.Object({
    opening_float: Amount(''), sales: Amount(''), refunds: Amount(''), movements_in: Amount(''), movements_out: Amount(''),
    expected: Amount('opening_float + sales − refunds + movements_in − movements_out'),
  }),
  count: Type.Object({
    methods: Type.Array(Type.Object({ method: Method, expected: Amount(''), counted: Nullable({ type: 'string' }), difference: Nullable({ type: 'string', description: 'counted − expected' }) })),
    expected: Amount(''),
    counted: Nullable({ type: 'string', description: 'null while open' }),
    difference: Nullable({ type: 'string' }),
    denominations: Type.Union([Type.Array(Type.Object({ value: Type.String(), quantity: Type.Integer(), amount: Amount('') })), Type.Null()]),
  }),
  cashiers: Type.Array(Type.Object({ cashier: NullablePerson, documents: Type.Integer(), sales: Amount(''), refunds: Amount(''), net: Amount(''), cash_net: Amount('') })),
  voids: Type.Array(Type.Object({
    clave: Type.String(), consecutive: Type.String(), voided_consecutive: Type.String(), total_crc: Amount(''),
    cashier: NullablePerson, approved_by: NullablePerson, issued_at: Type.String(),
  })),
  documents: Type.Array(Type.Object({
    id: Type.Integer(), clave: Type.String(), consecutive: Type.String(), document_type: Type.String(), status: Type.String(), issued_at: Type.String(),
    currency: Type.String(), total: Amount('in its currency'), exchange_rate: Type.String(), total_crc: Amount('signed: a credit note subtracts'),
    cashier_id: Nullable<number>({ type: 'integer' }),
  })),
  excluded: Type.Array(Type.Object({
    clave: Type.String(), consecutive: Type.String(), document_type: Type.String(), status: Type.String(), currency: Type.String(), total: Amount(''),
    reason: Type.Union([Type.Literal('rejected'), Type.Literal('error'), Type.Literal('not_a_sale')]),
  })),
});

const CountsData = Type.Object({
  cash: Amount(''), card: Amount(''), sinpe_movil: Amount(''), transfer: Amount(''), other: Amount(''),
  denominations: Type.Union([Type.Record(Type.String(), Type.Integer()), Type.Null()]),
});

const ShiftFields = {
  id: Type.Integer(),
  branch: Type.String(),
  terminal: Type.String(),
  environment: Type.String(),
  state: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
  opening_float: Amount('colones'),
  opened_at: Type.String({ format: 'date-time' }),
  opened_by: NullablePerson,
  closed_at: Nullable({ type: 'string', format: 'date-time' }),
  closed_by: NullablePerson,
  counts: Type.Union([CountsData, Type.Null()]),
  difference: Nullable({ type: 'string', description: 'counted − expected over every method, once closed' }),
};

export const Shift = Type.Object({ ...ShiftFields, figures: Type.Union([Report, Type.Null()], { description: 'the Z figures, once closed' }) });
export const ShiftListItem = Type.Object(ShiftFields);

export const ShiftReply = Envelope(Shift);
export const ShiftListReply = Envelope(Type.Array(ShiftListItem), { next_cursor: Nullable({ type: 'string', description: 'the cursor of the next page; null on the last' }) });
export const MovementReply = Envelope(CashMovementData);
export const ReportReply = Envelope(Report);
export const PrintReply = Envelope(Type.Object({
  printed: Type.Boolean(),
  reason: Type.Optional(Type.String({ description: 'refused, timeout, unreachable, paper_out, offline, failed' })),
  detail: Type.Optional(Type.String()),
  printer_id: Type.Integer(),
}));
