/**
 * The POST /electronic-documents body of a counter ticket (tiquete, type 04), as in
 * examples/requests/04-tiquete.json. Amounts travel as the decimal text the shopkeeper typed: the server
 * computes every total and tax (no second implementation of the tax maths here), and with
 * `prices_include_vat` it derives the net price from the shelf price, so ₡1,000 on the shelf is a ₡1,000
 * ticket (docs/document-request.md).
 */
import type { OrganizationProfile } from '../../api/types.ts';
import { DISCOUNT_CODE, type LineDiscount } from './discount.ts';
import type { Address } from '../address.ts';
import { issuerPhone } from './phone.ts';

/** The API's names of the payment methods (Nota 6: 01 efectivo, 02 tarjeta, 06 SINPE Móvil, 04 transferencia). */
export type PaymentMethod = 'cash' | 'card' | 'sinpe' | 'transfer';
/** In the order of their keys, F5 to F8. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['cash', 'card', 'sinpe', 'transfer'];

export interface TicketLine {
  cabysCode: string;
  description: string;
  /** Decimal text, e.g. "2" or "1.5". */
  quantity: string;
  /**
   * Unit price, decimal text: the shelf price with VAT when the shop's prices include VAT (the default) or
   * the line's product says so (`priceIncludesVat`), else before tax; the server derives the net price.
   */
  price: string;
  /** Unit of measure (Nota 15): `Unid` for goods, `Sp` for services unless the product says otherwise. */
  unit: string;
  /** VAT rate code (Nota 8.1), e.g. "08" for 13 %. */
  rateCode: string;
  /** Saved product it came from, if any. */
  productCode?: string;
  /** The saved product's own "price includes VAT", which wins over the shop's setting; unset otherwise. */
  priceIncludesVat?: boolean;
  discount?: LineDiscount;
}

/** A positive decimal with at most five decimals (the XSD's precision). */
export const DECIMAL = /^\d{1,13}(\.\d{1,5})?$/;

/**
 * `offline`: the tax authority is unreachable, so the ticket is signed with situation 3 (docs/contingency.md).
 * `till`: the branch and terminal of its consecutive (this PC's till, renderer/shared/till.ts); the
 * server's default (001, 00001) without it.
 */
export function ticketRequest(org: OrganizationProfile, address: Address, lines: readonly TicketLine[], payment: PaymentMethod, now: Date, offline = false, till?: { branch: string; terminal: string }) {
  const phone = issuerPhone(org.phone);
  // The shop's setting (on unless turned off in Settings): the prices typed and shown are shelf prices.
  const pricesIncludeVat = org.prices_include_vat !== false;
  return {
    document: {
      document_type: '04',
      date: now.toISOString(),
      // The situation is signed into the clave and cannot change later: 3 "sin internet" while offline.
      situation: offline ? '3' : '1',
      ...(till ? { branch: till.branch, terminal: till.terminal } : {}),
      ...(org.economic_activities[0] ? { activity_code: org.economic_activities[0] } : {}),
    },
    commercial_info: { currency: 'CRC', sale_condition: '01', payment_method: payment, prices_include_vat: pricesIncludeVat },
    issuer: {
      type: org.identification_type,
      id: org.identification_number,
      name: org.legal_name ?? org.name,
      ...(org.email ? { email: org.email } : {}),
      ...(phone ? { phone } : {}),
      address,
    },
    items: lines.map((line) => ({
      cabys_code: line.cabysCode,
      ...(line.productCode ? { code: line.productCode } : {}),
      quantity: line.quantity,
      unit: line.unit,
      description: line.description,
      price: line.price,
      ...(line.priceIncludesVat !== undefined && line.priceIncludesVat !== pricesIncludeVat ? { price_includes_vat: line.priceIncludesVat } : {}),
      ...(line.discount ? { discount: [{ amount: line.discount.amount, code: DISCOUNT_CODE, reason: line.discount.reason }] } : {}),
      tax: { type: '01', rate_type: line.rateCode },
    })),
  };
}
