/**
 * The wizard's test ticket: one service line, paid cash, sent to the sandbox. Built by the counter's own
 * ticketRequest, so the first ticket the shopkeeper sees accepted is shaped like every later one.
 */
import { ticketRequest, type TicketLine } from '../shared/ticket/ticket-request.ts';
import type { DocumentDetail, Rejection } from '../api/types.ts';
import type { Profile } from '../shared/organization/profile.ts';

/** A service CABYS code (consulting) with the service unit, 13 % VAT: valid against both XSD revisions. */
export const TEST_LINE: TicketLine = {
  cabysCode: '8311200000000',
  description: 'Tiquete de prueba',
  quantity: '1',
  price: '1000',
  unit: 'Sp',
  rateCode: '08',
};

export function testTicketRequest(profile: Profile, now: Date) {
  if (!profile.address) throw new Error('the issuer location is missing');
  return ticketRequest(profile, profile.address, [TEST_LINE], 'cash', now);
}

export interface TestTicket {
  clave: string;
  consecutive: string;
  status: string;
  /** The tax authority's answer, once there is one. */
  message: string | null;
  rejections: string[];
}

/** The rejection reasons as lines of text, whatever shape the server stored them in. */
export function rejectionLines(detail: Pick<DocumentDetail, 'rejections'>): string[] {
  return (detail.rejections ?? []).map(rejectionLine);
}

/** One entry: the schema types it `unknown` (a string on older rows, else a Rejection object). */
function rejectionLine(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  const r = (typeof entry === 'object' && entry !== null ? entry : {}) as Rejection;
  return [r.code, r.message].filter(Boolean).join(' ') || JSON.stringify(entry);
}
