/**
 * The invoice screen's state: the document being written (type, party, commercial terms, reference, lines),
 * the search boxes that fill it, the engine's verdict and totals on it (POST /hacienda/validate, debounced:
 * no tax maths here), and the document just issued, polled until the tax authority answers.
 */
import { create } from 'zustand';
import { ApiRequestError } from '../api/client.ts';
import type { DraftLineAmounts, DraftTotals } from '../api/draft-check.ts';
import type { DocumentDetail, TaxRateEntry } from '../api/types.ts';
import { createPoller, isFinal } from '../documents/poller.ts';
import { createInvoiceApi, type InvoiceApi } from './api.ts';
import { REFERENCED_TYPE, defaultReferenceCode, isNote, needsParty } from './document-types.ts';
import { blankLine, cabysCandidates, lineFrom, productCandidates, withKeys } from './lines.ts';
import { emptyParty, identificationIn, mergeCandidates } from './parties.ts';
import { taxpayersOf } from '../recipients/api.ts';
import { costaRicaDay, documentRequest, draftRequest } from './request.ts';
import { useLanguage, type Language } from '../i18n/store.ts';
import { parseXml as browserParseXml, readSourceDocument, type XmlElement } from './source-document.ts';
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

const emptyReference = (type: DocumentTypeCode): ReferenceDraft => ({ documentType: '01', number: '', date: '', code: defaultReferenceCode(type), codeOther: '', reason: '' });
const defaultCommercial: CommercialDraft = { currency: 'CRC', exchangeRate: '', saleCondition: '01', creditDays: '', paymentMethod: '01' };
const idleValidation: Validation = { state: 'idle', totals: null, lines: [], errors: [] };
const emptyCodes: CodeTables = { saleConditions: [], paymentMethods: [], referenceCodes: [], referenceDocTypes: [] };

export function createInvoiceStore(options: InvoiceStoreOptions = {}) {
  const api = options.api ?? createInvoiceApi();
  const now = options.now ?? (() => new Date());
  const debounceMs = options.debounceMs ?? 300;
  const parseXml = options.parseXml ?? browserParseXml;
  const language = options.language ?? (() => useLanguage.getState().language);

  return create<InvoiceState>((set, get) => {
    const fail = (error: unknown) => set({
      error: error instanceof Error ? error.message : String(error),
      errorCode: error instanceof ApiRequestError ? error.code : null,
      fieldErrors: error instanceof ApiRequestError ? error.fieldErrors : {},
    });

    let debounce: ReturnType<typeof setTimeout> | null = null;
    /** Numbers the draft checks: only the answer to the latest one is shown. */
    let checkSeq = 0;
    const scheduleCheck = () => {
      if (debounce !== null) clearTimeout(debounce);
      debounce = setTimeout(() => {
        debounce = null;
        void get().validate();
      }, debounceMs);
    };
    /** A change to the document: the totals shown no longer hold until the engine answers again. */
    const change = (patch: Partial<InvoiceState>) => {
      set(patch);
      scheduleCheck();
    };

    const issuedPoll = createPoller(() => get().refreshIssued(), options.pollMs ?? 2000);

    const draft = (): InvoiceDraft => {
      const s = get();
      return { documentType: s.documentType, commercial: s.commercial, party: s.party, reference: s.reference, lines: s.lines };
    };

    // The code tables only label the selects: without them the codes still show.
    const code = (table: Parameters<InvoiceApi['codes']>[0]) => api.codes(table).catch((): CodeEntry[] => []);

    return {
      documentType: '01',
      commercial: defaultCommercial,
      party: null,
      reference: emptyReference('01'),
      lines: [],
      org: null,
      rates: [],
      codes: emptyCodes,
      rateInfo: null,
      partyQuery: '',
      partyResults: [],
      partySelected: 0,
      lineQuery: '',
      lineResults: [],
      lineSelected: 0,
      priceFocus: null,
      validation: idleValidation,
      issuing: false,
      issued: null,
      error: null,
      errorCode: null,
      fieldErrors: {},

      async load() {
        try {
          const [org, rates, saleConditions, paymentMethods, referenceCodes, referenceDocTypes] = await Promise.all([
            api.organization(), api.taxRates(), code('sale-conditions'), code('payment-methods'), code('reference-codes'), code('reference-doc-types'),
          ]);
          set({ org, rates, codes: { saleConditions, paymentMethods, referenceCodes, referenceDocTypes } });
          // A note started from Documents before the tables were read gets its reason's words now.
          const reference = get().reference;
          const words = referenceCodes.find((c) => c.code === reference.code)?.description;
          if (reference.number && !reference.reason && words) set({ reference: { ...reference, reason: words } });
          if (get().lines.length > 0) scheduleCheck();
        } catch (error) {
          fail(error);
        }
      },

      setDocumentType(documentType) {
        const reference = get().reference;
        // A reference not written yet follows the type's usual reason.
        change({ documentType, ...(reference.number ? {} : { reference: { ...reference, code: defaultReferenceCode(documentType) } }) });
      },

      setCommercial(patch) {
        change({ commercial: { ...get().commercial, ...patch } });
      },

      async setCurrency(currency) {
        if (currency === 'CRC') {
          change({ commercial: { ...get().commercial, currency, exchangeRate: '' }, rateInfo: null });
          return;
        }
        change({ commercial: { ...get().commercial, currency }, rateInfo: null });
        try {
          const rate = await api.exchangeRate(currency);
          if (get().commercial.currency !== currency) return; // changed again meanwhile
          // A document in a foreign currency carries the sell rate as TipoCambio (docs/exchange-rates.md).
          change({ rateInfo: rate, commercial: { ...get().commercial, exchangeRate: rate.sell ?? '' } });
        } catch (error) {
          fail(error);
        }
      },

      setPartyQuery(partyQuery) {
        set({ partyQuery, partySelected: 0 });
      },

      async searchParties() {
        const q = get().partyQuery.trim();
        if (q.length < 2) {
          set({ partyResults: [] });
          return;
        }
        const id = identificationIn(q);
        // Either source may be missing (no saved recipients yet, the register unreachable and not cached): the other still answers.
        const [recipients, taxpayers] = await Promise.all([
          api.recipients(q).catch(() => []),
          id ? api.taxpayers(id).then(taxpayersOf).catch(() => []) : Promise.resolve([]),
        ]);
        if (get().partyQuery.trim() !== q) return;
        set({ partyResults: mergeCandidates(recipients, taxpayers), partySelected: 0 });
      },

      moveParty(delta) {
        const n = get().partyResults.length;
        if (n > 0) set({ partySelected: (get().partySelected + delta + n) % n });
      },

      chooseParty(index) {
        const candidate = get().partyResults[index ?? get().partySelected];
        if (candidate) change({ party: { ...candidate.party }, partyQuery: '', partyResults: [], partySelected: 0 });
      },

      editParty(patch) {
        const party = get().party ?? emptyParty();
        change({ party: { ...party, ...patch } });
      },

      manualParty() {
        const id = identificationIn(get().partyQuery);
        change({ party: { ...emptyParty(), ...(id ? { id } : {}) }, partyQuery: '', partyResults: [] });
      },

      clearParty() {
        change({ party: null });
      },

      setReference(patch) {
        // A field the shopkeeper corrects no longer carries the server's complaint.
        change({ reference: { ...get().reference, ...patch }, fieldErrors: {} });
      },

      setLineQuery(lineQuery) {
        set({ lineQuery, lineSelected: 0 });
      },

      async searchLines() {
        const q = get().lineQuery.trim();
        if (q.length < 2) {
          set({ lineResults: [] });
          return;
        }
        // Products are beyond the spec: without them (or without products:read) CABYS still answers.
        const [products, cabys] = await Promise.all([api.products(q).catch(() => []), api.cabys(q).catch(() => [])]);
        if (get().lineQuery.trim() !== q) return;
        set({ lineResults: [...productCandidates(products), ...cabysCandidates(cabys)], lineSelected: 0 });
      },

      moveLine(delta) {
        const n = get().lineResults.length;
        if (n > 0) set({ lineSelected: (get().lineSelected + delta + n) % n });
      },

      chooseLine(index) {
        const candidate = get().lineResults[index ?? get().lineSelected];
        if (!candidate) return;
        const line = lineFrom(candidate, get().rates, get().commercial.currency);
        change({ lines: [...get().lines, line], lineQuery: '', lineResults: [], lineSelected: 0, priceFocus: line.price ? null : line.key });
      },

      addBlankLine() {
        const line = blankLine();
        change({ lines: [...get().lines, line], priceFocus: null });
      },

      updateLine(key, patch) {
        change({ lines: get().lines.map((l) => (l.key === key ? { ...l, ...patch } : l)), priceFocus: null });
      },

      removeLine(key) {
        change({ lines: get().lines.filter((l) => l.key !== key) });
      },

      async validate() {
        const { org, lines, party, documentType } = get();
        const seq = ++checkSeq;
        // Nothing to total yet: no request, no stale totals.
        if (!org || lines.length === 0 || (needsParty(documentType) && !party)) {
          set({ validation: idleValidation });
          return;
        }
        set({ validation: { ...get().validation, state: 'checking' } });
        try {
          const check = await api.validate(draftRequest(draft(), org));
          if (seq !== checkSeq) return;
          set({
            validation: check.valid
              ? { state: 'valid', totals: check.totals ?? null, lines: check.lines ?? [], errors: [] }
              : { state: 'invalid', totals: null, lines: [], errors: check.errors ?? [] },
          });
        } catch (error) {
          if (seq !== checkSeq) return;
          set({ validation: { state: 'failed', totals: null, lines: [], errors: [error instanceof Error ? error.message : String(error)] } });
        }
      },

      async issue(offline) {
        const { org, lines, issuing } = get();
        if (issuing || !org || lines.length === 0) return;
        set({ issuing: true, error: null, errorCode: null, fieldErrors: {} });
        try {
          // F9 right after typing: check the draft as it is now; a draft the engine refuses is not sent.
          if (debounce !== null || get().validation.state !== 'valid') {
            if (debounce !== null) clearTimeout(debounce);
            debounce = null;
            await get().validate();
            if (get().validation.state === 'invalid') return;
          }
          const submitted = await api.issue(documentRequest(draft(), org, now(), offline, language()));
          issuedPoll.stop();
          const email = get().party?.email.trim() ?? '';
          set({ issued: { clave: submitted.document_key, consecutive: submitted.consecutive_number, documentType: submitted.document_type, status: submitted.status, detail: null, email, emailing: false, emailedTo: null } });
          get().reset();
          if (await get().refreshIssued()) get().watchIssued();
        } catch (error) {
          fail(error);
        } finally {
          set({ issuing: false });
        }
      },

      async emailIssued(recipients) {
        const issued = get().issued;
        if (!issued || issued.emailing) return;
        const update = (patch: Partial<IssuedDocument>) => {
          const current = get().issued;
          if (current?.clave === issued.clave) set({ issued: { ...current, ...patch } });
        };
        update({ emailing: true, emailedTo: null });
        set({ error: null, errorCode: null });
        try {
          const queued = await api.email(issued.clave, recipients);
          update({ emailedTo: queued.recipients });
        } catch (error) {
          fail(error);
        } finally {
          update({ emailing: false });
        }
      },

      watchIssued() {
        const issued = get().issued;
        if (issued && !isFinal(issued.status)) issuedPoll.start();
      },

      async refreshIssued() {
        const issued = get().issued;
        if (!issued) return false;
        try {
          const detail = await api.document(issued.clave);
          if (get().issued?.clave !== issued.clave) return false;
          set({ issued: { ...issued, status: detail.status, detail } });
          return !isFinal(detail.status);
        } catch {
          return true; // the clave is shown already; the status catches up on the next poll
        }
      },

      startNote(type, source) {
        const xml = source.signed_xml ? parseXml(source.signed_xml) : null;
        const read = xml ? readSourceDocument(xml, source.document_type) : null;
        const codes = get().codes.referenceCodes;
        const code = defaultReferenceCode(type);
        const time = read?.date || source.created_at;
        issuedPoll.stop();
        change({
          documentType: type,
          party: read?.party ?? null,
          ...(read ? { commercial: read.commercial } : {}),
          rateInfo: null,
          lines: read ? withKeys(read.lines) : [],
          reference: {
            documentType: REFERENCED_TYPE[source.document_type] ?? '99',
            number: source.document_key,
            date: costaRicaDay(time),
            time,
            code,
            codeOther: '',
            reason: codes.find((c) => c.code === code)?.description ?? '',
          },
          issued: null,
          error: null,
          errorCode: null,
          fieldErrors: {},
          partyQuery: '',
          partyResults: [],
          lineQuery: '',
          lineResults: [],
        });
      },

      reset() {
        // A note's type, terms and reference were its own: what follows it is a new invoice.
        const afterNote = isNote(get().documentType);
        const documentType = afterNote ? '01' : get().documentType;
        change({
          ...(afterNote ? { documentType, commercial: defaultCommercial, rateInfo: null } : {}),
          party: null, lines: [], reference: emptyReference(documentType), partyQuery: '', partyResults: [], lineQuery: '', lineResults: [], priceFocus: null, validation: idleValidation, fieldErrors: {},
        });
      },

      dispose() {
        if (debounce !== null) clearTimeout(debounce);
        debounce = null;
        issuedPoll.stop();
      },
    };
  });
}

export type InvoiceStore = ReturnType<typeof createInvoiceStore>;

export const useInvoice = createInvoiceStore();
