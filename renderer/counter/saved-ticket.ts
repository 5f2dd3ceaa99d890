/**
 * The ticket being rung up survives a reload (F5 of the browser, a crash, closing the window): its lines,
 * payment method and cash received are kept in localStorage as they change, read back when the counter
 * starts, and gone once the ticket is issued or cleared (nothing left to keep). localStorage rather than
 * sessionStorage: a restarted browser or desktop window opens a new session, and the ticket must be there.
 * What is read back is checked field by field: a stored value from another version is dropped, not trusted.
 */
import type { StoreApi } from 'zustand';
import { isDecimal } from '../shared/decimal.ts';
import { PAYMENT_METHODS, type PaymentMethod, type TicketLine } from '../shared/ticket/ticket-request.ts';

const STORAGE_KEY = 'facturador.counter.ticket';

export interface SavedTicket {
  lines: TicketLine[];
  payment: PaymentMethod;
  tendered: string;
}

/** The storage of the page, or none where it is refused (private mode, no DOM in unit tests). */
export function pageStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string';

function isLine(value: unknown): value is TicketLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  const discount = line['discount'] as Record<string, unknown> | undefined;
  return ['cabysCode', 'description', 'unit', 'rateCode'].every((name) => isText(line[name]))
    && isText(line['quantity']) && isDecimal(line['quantity']) && isText(line['price']) && isDecimal(line['price'])
    && (line['priceIncludesVat'] === undefined || typeof line['priceIncludesVat'] === 'boolean')
    && (discount === undefined || (typeof discount === 'object' && discount !== null && isText(discount['input']) && isText(discount['amount']) && isDecimal(discount['amount']) && isText(discount['reason'])));
}

export function readSavedTicket(storage: Storage | null): SavedTicket | null {
  try {
    const saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<SavedTicket> | null;
    if (!saved || !Array.isArray(saved.lines) || !saved.lines.every(isLine) || saved.lines.length === 0) return null;
    const payment = PAYMENT_METHODS.includes(saved.payment as PaymentMethod) ? (saved.payment as PaymentMethod) : 'cash';
    return { lines: saved.lines, payment, tendered: isText(saved.tendered) ? saved.tendered : '' };
  } catch {
    return null; // unreadable: a fresh ticket
  }
}

function write(storage: Storage, ticket: SavedTicket): void {
  try {
    if (ticket.lines.length === 0) storage.removeItem(STORAGE_KEY);
    else storage.setItem(STORAGE_KEY, JSON.stringify(ticket));
  } catch {
    // storage full or refused: the ticket still works, it just would not survive a reload
  }
}

/** Starts `store` from the saved ticket, if any, and saves the ticket whenever its lines, payment or cash change. */
export function keepTicket<S extends SavedTicket, T extends StoreApi<S>>(store: T & StoreApi<S>, storage: Storage | null = pageStorage()): T {
  if (!storage) return store;
  const saved = readSavedTicket(storage);
  if (saved) store.setState(saved as Partial<S>);
  store.subscribe((state, previous) => {
    if (state.lines !== previous.lines || state.payment !== previous.payment || state.tendered !== previous.tendered) {
      write(storage, { lines: state.lines, payment: state.payment, tendered: state.tendered });
    }
  });
  return store;
}
