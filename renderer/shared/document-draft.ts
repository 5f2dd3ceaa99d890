/**
 * A document as the shopkeeper writes it: the other party, the lines, the commercial terms. The invoice
 * screen's draft is made of these, and a note starts from them as read back from the signed XML of the
 * document it corrects (shared/source-document.ts, also read by the Documents screen).
 */

/** The party's location (Ubicacion). */
export interface Address {
  province: string;
  canton: string;
  district: string;
  neighborhood?: string | null;
  details: string;
}

/** The other party as the shopkeeper sees it; on a purchase invoice (08) it is the supplier. */
export interface PartyDraft {
  /** Identification type: 01 física, 02 jurídica, 03 DIMEX, 04 NITE, 05 extranjero. */
  type: string;
  id: string;
  name: string;
  email: string;
  address: Address | null;
  /** Export invoices (09): the foreign receiver's address, free text. */
  foreignAddress: string;
  /** Where it came from, for the hint under the card. */
  source: 'recipient' | 'taxpayer' | 'manual' | 'document';
}

export interface LineDraft {
  /** Stable React key; never sent. */
  key: number;
  /** Empty on a payment receipt (10), which needs none. */
  cabysCode: string;
  productCode?: string;
  description: string;
  /** Decimal text, as typed. */
  quantity: string;
  unit: string;
  /** Unit price before tax, decimal text. */
  price: string;
  /** Discount amount of the line, decimal text; empty for none. */
  discount: string;
  /** VAT rate code (Nota 8.1), e.g. 08 for 13 %. */
  rateCode: string;
  /** Export invoices (09): 12-digit tariff heading of a goods line. */
  tariffCode: string;
}

/** InformacionReferencia: required on notes (02, 03), purchase invoices (08) and payment receipts (10). */
export interface CommercialDraft {
  currency: string;
  /** Colones per unit of `currency`, decimal text; filled from GET /exchange-rates. */
  exchangeRate: string;
  saleCondition: string;
  creditDays: string;
  paymentMethod: string;
}

