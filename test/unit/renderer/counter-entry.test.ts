/**
 * What the cashier types at the counter and what the ticket becomes: numbers read without guessing (`1.000`
 * is refused, never ₡1), the same item rung up twice is one line, the ticket in progress survives a reload
 * and an Esc too many is undone.
 */
import { describe, expect, it } from 'vitest';
import { readTyped } from '../../../renderer/shared/decimal.ts';
import { discountFrom, readDiscount } from '../../../renderer/shared/ticket/discount.ts';
import { quantityOnly, splitQuantity, withAdded, withLastQuantity } from '../../../renderer/counter/lines.ts';
import { keepTicket, readSavedTicket } from '../../../renderer/counter/saved-ticket.ts';
import { createCounterStore } from '../../../renderer/counter/store.ts';
import { readTendered, shortfall } from '../../../renderer/counter/cash.ts';
import { issuerPhone } from '../../../renderer/shared/ticket/phone.ts';
import type { TicketLine } from '../../../renderer/shared/ticket/ticket-request.ts';

const MILK: TicketLine = { cabysCode: '2211001010000', description: 'Leche entera 1 L', quantity: '1', price: '1100', unit: 'Unid', rateCode: '02', productCode: 'LEC-1' };
const COFFEE: TicketLine = { cabysCode: '2391102020000', description: 'Café', quantity: '1', price: '1500', unit: 'Unid', rateCode: '08' };

/** localStorage as the page has it, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('numbers as typed', () => {
  it('reads digits, spaces grouping thousands, and one decimal comma or point', () => {
    expect(readTyped('1000')).toEqual({ value: '1000' });
    expect(readTyped('20 000')).toEqual({ value: '20000' });
    expect(readTyped('1 000 000,50')).toEqual({ value: '1000000.50' });
    expect(readTyped('₡5000,50')).toEqual({ value: '5000.50' });
    expect(readTyped('1,5')).toEqual({ value: '1.5' });
    expect(readTyped('1.5')).toEqual({ value: '1.5' }); // the numeric keypad's key
    expect(readTyped('0,500')).toEqual({ value: '0.500' }); // no thousand starts with 0
    expect(readTyped('1000.250')).toEqual({ value: '1000.250' }); // four digits before the mark: no grouping
    expect(readTyped('12\u00a0500')).toEqual({ value: '12500' }); // as es-CR prints it
  });

  it('refuses 1.000 and 1,000: a thousand to some, one to others', () => {
    for (const typed of ['1.000', '1,000', '25.500', '100,000', '₡1.000']) expect(readTyped(typed), typed).toEqual({ problem: 'ambiguous' });
  });

  it('refuses marks used as thousands separators, and what is no number', () => {
    for (const typed of ['1.000.000', '1,000.50', '1.000,50', '12.345.678,9']) expect(readTyped(typed), typed).toEqual({ problem: 'grouped' });
    for (const typed of ['', 'abc', '-5', '1e3', '5.', ',5', '1..5', '10 00', '1,2,3', '12345678901234']) expect(readTyped(typed), typed).toEqual({ problem: 'invalid' });
    expect(readTyped('1,123456')).toEqual({ problem: 'invalid' }); // more decimals than an amount has
  });

  it('applies the same rule to the cash received, a discount and a quantity', () => {
    expect(readTendered('1.000')).toBeNull();
    expect(readTendered('10 000')).toBe('10000');
    expect(readDiscount('1.000')).toEqual({ problem: 'ambiguous' });
    expect(readDiscount('12,5 %')).toEqual({ input: '12.5%' });
    expect(discountFrom('1.000', '2', '1500')).toBeNull();
    expect(splitQuantity('1.000*cafe')).toEqual({ quantity: '1', text: 'cafe', problem: { problem: 'ambiguous', typed: '1.000' } });
    expect(splitQuantity('1,5*queso')).toEqual({ quantity: '1.5', text: 'queso' });
    expect(quantityOnly('2.000*')).toBeNull();
    expect(quantityOnly('2,5*')).toBe('2.5');
  });

  it('says what is missing when the cash does not cover the total', () => {
    expect(shortfall('3000', '3390')).toBe('390');
    expect(shortfall('3390', '3390')).toBeNull();
    expect(shortfall(null, '3390')).toBeNull();
  });
});

describe('merging repeated items', () => {
  it('adds the quantity of the same item at the same price, and moves the line to the end', () => {
    const lines = withAdded(withAdded([], MILK), COFFEE);
    const merged = withAdded(lines, { ...MILK, quantity: '2' });
    expect(merged).toEqual([COFFEE, { ...MILK, quantity: '3' }]);
    expect(withAdded([{ ...COFFEE, quantity: '1.5' }], { ...COFFEE, price: '1500.00', quantity: '0.25' })).toEqual([{ ...COFFEE, quantity: '1.75' }]);
  });

  it('keeps apart another price, another code, and a line with a discount', () => {
    expect(withAdded([MILK], { ...MILK, price: '1000' })).toHaveLength(2);
    expect(withAdded([MILK], { ...MILK, productCode: 'LEC-2' })).toHaveLength(2);
    const discounted = withLastQuantity([MILK], '1');
    const withDiscount: TicketLine[] = [{ ...discounted[0]!, discount: { input: '10%', amount: '110', reason: 'Descuento del 10 %' } }];
    expect(withAdded(withDiscount, MILK)).toHaveLength(2);
  });
});

describe('the ticket in progress', () => {
  const fakeApi = { organization: async () => { throw new Error('offline'); }, taxRates: async () => [] } as unknown as Parameters<typeof createCounterStore>[0];

  it('survives a reload and is gone once issued or cleared', () => {
    const storage = memoryStorage();
    const first = keepTicket(createCounterStore(fakeApi), storage);
    first.setState({ lines: [MILK, COFFEE], payment: 'cash', tendered: '5000' });
    const reloaded = keepTicket(createCounterStore(fakeApi), storage);
    expect(reloaded.getState()).toMatchObject({ lines: [MILK, COFFEE], payment: 'cash', tendered: '5000' });
    reloaded.setState({ lines: [] });
    expect(readSavedTicket(storage)).toBeNull();
  });

  it('ignores a stored ticket it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem('facturador.counter.ticket', JSON.stringify({ lines: [{ ...MILK, price: 'mil' }] }));
    expect(readSavedTicket(storage)).toBeNull();
    storage.setItem('facturador.counter.ticket', '{not json');
    expect(keepTicket(createCounterStore(fakeApi), storage).getState().lines).toEqual([]);
  });

  it('brings back the ticket Esc cleared, until the next sale starts', () => {
    const store = createCounterStore(fakeApi);
    store.setState({ lines: [MILK], payment: 'sinpe', tendered: '' });
    store.getState().clear();
    store.getState().clear(); // one Esc too many keeps what there is to bring back
    expect(store.getState().lines).toEqual([]);
    store.getState().undoClear();
    expect(store.getState()).toMatchObject({ lines: [MILK], payment: 'sinpe', cleared: null });
  });
});

describe('the shop phone on a ticket', () => {
  it('takes a Costa Rican number of the profile, with or without 506, and leaves off anything else', () => {
    expect(issuerPhone('2222-3333')).toBe('22223333');
    expect(issuerPhone('+506 8888 7777')).toBe('88887777');
    expect(issuerPhone('2222 3333 ext 5')).toBeUndefined();
    expect(issuerPhone(null)).toBeUndefined();
  });
});
