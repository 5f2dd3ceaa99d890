/**
 * The invoice screen's state: what it holds (the document being written, the search boxes that fill it,
 * the engine's verdict and totals, the document just issued), what it does, and how a new document starts.
 * The store (store.ts) puts the actions of drafting.ts, checking.ts, issuing.ts and note.ts together.
 */
import type { DraftLineAmounts, DraftTotals } from '../api/draft-check.ts';
import type { DocumentDetail, TaxRateEntry } from '../api/types.ts';
import type { Language } from '../i18n/store.ts';
import type { XmlElement } from '../shared/source-document.ts';
import type { InvoiceApi } from './api.ts';
import { defaultReferenceCode } from './document-types.ts';
import type {
  CodeEntry, CommercialDraft, DocumentTypeCode, ExchangeRate, InvoiceDraft, LineCandidate, LineDraft, Organization,
  PartyCandidate, PartyDraft, ReferenceDraft,
} from './types.ts';

export interface Validation {
  /** idle: nothing to check yet; checking: asked; failed: the check itself could not run. */
  state: 'idle' | 'checking' | 'valid' | 'invalid' | 'failed';
  totals: DraftTotals | null;
  lines: DraftLineAmounts[];
  errors: string[];
}

export interface IssuedDocument {
  clave: string;
  consecutive: string;
  documentType: string;
  status: string;
  detail: DocumentDetail | null;
  /** The receiver's e-mail as it was written, offered when e-mailing the document. */
  email: string;
  /** E-mailing it: under way, and to whom it went once queued. */
  emailing: boolean;
  emailedTo: string[] | null;
}

export interface CodeTables {
  saleConditions: CodeEntry[];
  paymentMethods: CodeEntry[];
  referenceCodes: CodeEntry[];
  referenceDocTypes: CodeEntry[];
}

export interface InvoiceState extends InvoiceDraft {
  org: Organization | null;
  rates: TaxRateEntry[];
  codes: CodeTables;
  /** The rate GET /exchange-rates gave for the currency; the shopkeeper may type another. */
  rateInfo: ExchangeRate | null;
  partyQuery: string;
  partyResults: PartyCandidate[];
  partySelected: number;
  lineQuery: string;
  lineResults: LineCandidate[];
  lineSelected: number;
  /** The line whose price the screen should focus (a CABYS code comes without one). */
  priceFocus: number | null;
  validation: Validation;
  issuing: boolean;
  issued: IssuedDocument | null;
  error: string | null;
  errorCode: string | null;
  /** The server's field errors of the last refused issue (path -> messages), shown beside their fields. */
  fieldErrors: Record<string, string[]>;

  load(): Promise<void>;
  setDocumentType(type: DocumentTypeCode): void;
  setCommercial(patch: Partial<CommercialDraft>): void;
  setCurrency(currency: string): Promise<void>;
  setPartyQuery(query: string): void;
  searchParties(): Promise<void>;
  moveParty(delta: number): void;
  chooseParty(index?: number): void;
  editParty(patch: Partial<PartyDraft>): void;
  manualParty(): void;
  clearParty(): void;
  setReference(patch: Partial<ReferenceDraft>): void;
  setLineQuery(query: string): void;
  searchLines(): Promise<void>;
  moveLine(delta: number): void;
  chooseLine(index?: number): void;
  addBlankLine(): void;
  updateLine(key: number, patch: Partial<LineDraft>): void;
  removeLine(key: number): void;
  /** Asks the draft check now (the debounced one calls this). */
  validate(): Promise<void>;
  issue(offline: boolean): Promise<void>;
  /** Reads the issued document's status; true while the tax authority's answer is still owed. */
  refreshIssued(): Promise<boolean>;
  /** Polls the issued document's status until it is final (again after the screen comes back). */
  watchIssued(): void;
  /** E-mails the document just issued (POST /documents/{key}/email). */
  emailIssued(recipients: string[]): Promise<void>;
  /** Prefills a credit (03) or debit (02) note from a document of the Documents screen. */
  startNote(type: '02' | '03', source: DocumentDetail & { signed_xml?: string }): void;
  /** A new, empty document (the type and currency stay; after a note, a new invoice). */
  reset(): void;
  /** Stops the timers (screen unmounted). */
  dispose(): void;
}

export interface InvoiceStoreOptions {
  api?: InvoiceApi;
  now?: () => Date;
  /** Wait after the last keystroke before asking the draft check. */
  debounceMs?: number;
  pollMs?: number;
  parseXml?: (xml: string) => XmlElement | null;
  /** The screen's language, sent with the document so that refusals come in it. */
  language?: () => Language;
}

export const emptyReference = (type: DocumentTypeCode): ReferenceDraft => ({ documentType: '01', number: '', date: '', code: defaultReferenceCode(type), codeOther: '', reason: '' });
export const defaultCommercial: CommercialDraft = { currency: 'CRC', exchangeRate: '', saleCondition: '01', creditDays: '', paymentMethod: '01' };
export const idleValidation: Validation = { state: 'idle', totals: null, lines: [], errors: [] };
export const emptyCodes: CodeTables = { saleConditions: [], paymentMethods: [], referenceCodes: [], referenceDocTypes: [] };

/** What the groups of actions share: the API, the state, and its two ways of changing. */
export interface StoreContext {
  api: InvoiceApi;
  get(): InvoiceState;
  set(patch: Partial<InvoiceState>): void;
  /** A change to the document: the totals shown no longer hold until the engine answers again. */
  change(patch: Partial<InvoiceState>): void;
  /** Shows a failure in the server's words (and its field errors). */
  fail(error: unknown): void;
}

/** The document as the request builders take it. */
export function draftOf(s: InvoiceState): InvoiceDraft {
  return { documentType: s.documentType, commercial: s.commercial, party: s.party, reference: s.reference, lines: s.lines };
}
