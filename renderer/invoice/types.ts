/**
 * The invoice screen's shapes: what the shopkeeper is writing (drafts, all decimal text as typed) and the
 * slices of the API's answers it reads (taxpayers, exchange rates, code tables). The answers' types are
 * derived from the server's schemas (renderer/api/schemas.ts): saved recipients, code tables and exchange
 * rates are renderer/api/types.ts's, the taxpayer register shared/taxpayers.ts's, the draft check
 * renderer/api/draft-check.ts's; the party, lines and terms of a draft are shared/document-draft.ts's: one
 * shape each for every screen that reads them.
 */
import type { ExchangeRate as ApiExchangeRate, OrganizationProfile } from '../api/types.ts';
import type { Taxpayer as RegisterEntry, TaxpayerSearchResult as RegisterAnswer } from '../shared/taxpayers.ts';
import type { Address, CommercialDraft, LineDraft, PartyDraft } from '../shared/document-draft.ts';

export type { Address, CommercialDraft, LineDraft, PartyDraft };

/** The document types of the spec this screen writes (05–07 are receiver messages, elsewhere). */
export type DocumentTypeCode = '01' | '02' | '03' | '04' | '08' | '09' | '10';

/** GET /organizations/me, with the issuer's location (beyond the spec: docs/organization-address.md). */
export interface Organization extends OrganizationProfile {
  address?: Address | null;
}

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

/** GET /hacienda/taxpayers (shared/taxpayers.ts), with the members of an entry this screen reads. */
export type Taxpayer = Pick<RegisterEntry, 'cedula' | 'class' | 'nombre' | 'razon_social'>;
export type TaxpayerSearchResult = RegisterAnswer<Taxpayer>;

export type { CodeEntry } from '../api/types.ts';

/** GET /exchange-rates?currency=: the members this screen reads. */
export type ExchangeRate = Pick<ApiExchangeRate, 'date' | 'buy' | 'sell' | 'source' | 'note'> & Partial<Pick<ApiExchangeRate, 'currency' | 'stale'>>;
