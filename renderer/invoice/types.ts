/**
 * The invoice screen's shapes: what the shopkeeper is writing (drafts, all decimal text as typed) and the
 * API answers it reads beyond renderer/api/types.ts (taxpayers, exchange rates, code tables). Written out,
 * not imported from src/ (the renderer takes only types, and these views are functions there). Saved
 * recipients are renderer/recipients/types.ts's and the draft check renderer/api/draft-check.ts's: one
 * shape each for every screen that reads them.
 */
import type { OrganizationProfile } from '../api/types.ts';
import type { Taxpayer as RegisterEntry, TaxpayerSearchResult as RegisterAnswer } from '../recipients/types.ts';

/** The document types of the spec this screen writes (05–07 are receiver messages, elsewhere). */
export type DocumentTypeCode = '01' | '02' | '03' | '04' | '08' | '09' | '10';

export interface Address {
  province: string;
  canton: string;
  district: string;
  neighborhood?: string | null;
  details: string;
}

/** GET /organizations/me, with the issuer's location (beyond the spec: docs/organization-address.md). */
export interface Organization extends OrganizationProfile {
  address?: Address | null;
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
export interface ReferenceDraft {
  /** Referenced document type (Nota 10). */
  documentType: string;
  /** Clave (50) or number of the referenced document. */
  number: string;
  /** The referenced document's emission day, YYYY-MM-DD (what the date field shows and the shopkeeper types). */
  date: string;
  /**
   * Its exact emission date-time when the note was started from it (Documents): sent instead of the start of
   * `date` while `date` is still that day.
   */
  time?: string;
  /** Reason code (Nota 9). */
  code: string;
  /** What code 99 ("Otros") stands for (CodigoReferenciaOTRO). */
  codeOther: string;
  reason: string;
}

export interface CommercialDraft {
  currency: string;
  /** Colones per unit of `currency`, decimal text; filled from GET /exchange-rates. */
  exchangeRate: string;
  saleCondition: string;
  creditDays: string;
  paymentMethod: string;
}

/** Everything the request is built from (request.ts). */
export interface InvoiceDraft {
  documentType: DocumentTypeCode;
  commercial: CommercialDraft;
  party: PartyDraft | null;
  reference: ReferenceDraft;
  lines: LineDraft[];
}

/** One hit of the line search: a saved product carries a price, a CABYS code needs one. */
export interface LineCandidate {
  kind: 'product' | 'cabys';
  cabysCode: string;
  description: string;
  price: string;
  /** The currency of a saved product's price; its price is not taken into a document in another one. */
  currency?: string;
  unit: string;
  rateCode: string | null;
  /** VAT percentage the catalogue suggests, mapped to a rate code on choosing. */
  rate: number | null;
  productCode?: string;
}

/** One hit of the receiver search. */
export interface PartyCandidate {
  kind: 'recipient' | 'taxpayer';
  party: PartyDraft;
}

// --- API answers -----------------------------------------------------------------------------------

/** GET /hacienda/taxpayers (renderer/recipients/types.ts), with the members of an entry this screen reads. */
export type Taxpayer = Pick<RegisterEntry, 'cedula' | 'class' | 'nombre' | 'razon_social'>;
export type TaxpayerSearchResult = RegisterAnswer<Taxpayer>;

/** GET /exchange-rates: amounts are decimal text (docs/exchange-rates.md). */
export interface ExchangeRate {
  currency?: string;
  date: string;
  buy: string | null;
  sell: string | null;
  source: string;
  note: string | null;
  stale?: boolean;
}

/** The code tables of /reference/* (sale conditions, payment methods, reference codes…). */
export interface CodeEntry {
  code: string;
  name: string;
  description: string;
  note: string | null;
}
