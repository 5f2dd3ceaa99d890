/**
 * The counter: a ticket from the keyboard alone (keys.ts). Type, Enter adds the first hit (a CABYS code
 * asks for its price first), `3*` sets a quantity, F3 a discount, F5–F8 the payment (cash asks what was
 * received and shows the change), F9 or Ctrl+Enter issues and the clave shows at once, F4 prints the
 * receipt (on a till with a thermal printer the server prints it as soon as it is issued, and F4 retries or
 * reprints there, thermal.ts). For a saved product: 3-4 letters, Enter, F9; a scale label: scan, F9
 * (scanning.ts). The total is the server's, live (totals.ts).
 * Safety: cash short of the total is confirmed before issuing (issue-guard.ts), Esc's clearing of the
 * ticket is undone with Ctrl+Z, the ticket in progress survives a reload (saved-ticket.ts), and numbers
 * that could be read two ways (`1.000`) are refused (decimal.ts).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT, type MessageKey } from './messages.ts';
import { useConnectivity } from '../shared/connectivity/store.ts';
import { useOrganization } from '../shared/organization/store.ts';
import { cashCheck, type ShortCash } from './issue-guard.ts';
import { actionOf } from './keys.ts';
import { formatMoney } from '../shared/money.ts';
import { printInFrame, receiptUrl } from './print.ts';
import { useCounter } from './store.ts';
import { useTotals } from './totals.ts';
import { NumberProblem } from '../shared/NumberProblem.tsx';
import { ShortCashConfirm } from './ShortCashConfirm.tsx';
import { IssuedPanel } from './IssuedPanel.tsx';
import { IssuerAddressForm } from './IssuerAddressForm.tsx';
import { KeysHelp } from './KeysHelp.tsx';
import { PaymentPanel } from './PaymentPanel.tsx';
import { TicketLines } from './TicketLines.tsx';
import './counter.css';

const SEARCH_DELAY_MS = 150;
/** Live totals wait for a pause in the typing: one validation per burst of keys, not per key. */
const TOTALS_DELAY_MS = 250;
/** One empty list: a selector must answer the same value for the same state. */
const NO_PROBLEMS: readonly string[] = [];
/** API error codes the counter says in its own words; the server's message for the rest. */
const ERROR_WORDS: Readonly<Record<string, MessageKey>> = { organization_key_required: 'counter.noOrganization', network_error: 'error.server_unreachable' };

/** Ctrl+Z (Cmd+Z): the undo of the ticket Esc cleared, when there is one; else the text box's own undo. */
function isUndo(e: globalThis.KeyboardEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'z';
}

/** F4: on a till with a thermal printer, the receipt again there (retry or "COPIA"); else the 80 mm PDF's print dialog. */
function printLastReceipt() {
  const { issued, tillPrinter, printAgain } = useCounter.getState();
  if (!issued) return;
  if (tillPrinter === true || issued.print) void printAgain();
  else printInFrame(receiptUrl(issued.clave, useLanguage.getState().language, issued.tendered));
}

export function CounterScreen() {
  const t = useT();
  const language = useLanguage((l) => l.language);
  const s = useCounter();
  const totals = useTotals((x) => (x.source === s.lines ? x.totals : null));
  const problems = useTotals((x) => (x.source === s.lines ? x.problems : NO_PROBLEMS));
  const [help, setHelp] = useState(false);
  const [discountInvalid, setDiscountInvalid] = useState(false);
  const [tenderedFocus, setTenderedFocus] = useState(0);
  const [short, setShort] = useState<ShortCash | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const priceBox = useRef<HTMLInputElement>(null);
  const discountBox = useRef<HTMLInputElement>(null);
  const tenderedBox = useRef<HTMLInputElement>(null);
  const issuedStatus = s.issued?.status;
  const issuedClave = s.issued?.clave;

  /** F9, Ctrl+Enter or the button; `confirmed`: the cashier said yes to a short cash payment. Uses only stable things. */
  const requestIssue = async (confirmed = false) => {
    const counter = useCounter.getState();
    const check = confirmed ? null : await cashCheck(counter, useTotals);
    if (check === 'unreadable') return setTenderedFocus((n) => n + 1);
    setShort(check);
    if (check === null) await useCounter.getState().issue(useConnectivity.getState().reachable === false);
  };

  useEffect(() => {
    // The gate read the organization before showing any screen: the first load starts from its answer.
    void useCounter.getState().load(useOrganization.getState().profile);
    searchBox.current?.focus();
  }, []);

  // Search as the shopkeeper types, but not on every keystroke.
  useEffect(() => {
    const timer = setTimeout(() => void useCounter.getState().search(), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [s.query]);

  useEffect(() => {
    const timer = setTimeout(() => void useTotals.getState().refresh(useCounter.getState().draft(), s.lines), TOTALS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [s.lines, s.org, s.address]);

  useEffect(() => {
    setDiscountInvalid(false);
    (s.pricing ? priceBox : s.discounting ? discountBox : searchBox).current?.focus();
  }, [s.pricing, s.discounting]);

  // The short-cash question is about the amounts it was asked with: a new amount or total asks again at F9.
  useEffect(() => setShort(null), [s.tendered, s.lines]);

  // F5 shows the cash box (if another method was chosen) and then puts the cursor in it.
  useEffect(() => {
    if (tenderedFocus > 0) tenderedBox.current?.focus();
  }, [tenderedFocus]);

  // Issued: the next customer's first key goes to the search, whatever had the focus (the button, the cash box).
  useEffect(() => {
    if (issuedClave) searchBox.current?.focus();
  }, [issuedClave]);

  // A ticket issued or decided changes the queue: the banner's count follows at once, not at its next poll.
  useEffect(() => {
    if (issuedStatus) void useConnectivity.getState().refresh();
  }, [issuedStatus]);

  // Keys that work wherever the focus is on this screen.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (isUndo(e) && useCounter.getState().cleared && useCounter.getState().lines.length === 0) {
        e.preventDefault();
        useCounter.getState().undoClear();
        searchBox.current?.focus();
        return;
      }
      const action = actionOf(e);
      if (action === undefined) return;
      e.preventDefault();
      const counter = useCounter.getState();
      if (typeof action === 'object') {
        counter.setPayment(action.pay);
        if (action.pay === 'cash') setTenderedFocus((n) => n + 1);
      } else if (action === 'issue') void requestIssue();
      else if (action === 'search') {
        useCounter.setState({ pricing: null, discounting: false });
        searchBox.current?.focus();
      } else if (action === 'discount') counter.startDiscount();
      else if (action === 'print') printLastReceipt();
      else setHelp((shown) => !shown);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onSearchKey = async (e: KeyboardEvent<HTMLInputElement>) => {
    const counter = useCounter.getState();
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      // A scale label rings up its weight or amount (scanning.ts); any other code goes on to the search.
      if (await counter.ringScan()) return;
      // Enter faster than the search delay (a barcode scanner): search now, then add.
      if (useCounter.getState().searchedFor !== useCounter.getState().query) await useCounter.getState().search();
      useCounter.getState().choose();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      counter.move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Delete' && counter.query === '') {
      e.preventDefault();
      counter.removeLast();
    } else if (e.key === 'Escape') {
      // One Esc too many must not cost a ticket being rung up: the first clears the search only.
      if (counter.query !== '') counter.setQuery('');
      else counter.clear();
    }
  };

  const onPriceKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      if (useCounter.getState().addPriced(e.currentTarget.value)) e.currentTarget.value = '';
    } else if (e.key === 'Escape') {
      useCounter.setState({ pricing: null });
    }
  };

  const onDiscountKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      setDiscountInvalid(!useCounter.getState().applyDiscount(e.currentTarget.value));
    } else if (e.key === 'Escape') {
      useCounter.setState({ discounting: false });
    }
  };

  const lastLine = s.lines[s.lines.length - 1];
  const errorKey = s.errorCode ? ERROR_WORDS[s.errorCode] : undefined;
  return (
    <section className="counter" data-ready={s.org ? 'true' : undefined}>
      <div className="counter-entry">
        <label>
          {t('counter.search')}
          <input ref={searchBox} data-testid="search" value={s.query} onChange={(e) => s.setQuery(e.target.value)} onKeyDown={(e) => void onSearchKey(e)} autoComplete="off" />
        </label>
        {s.entryProblem?.field === 'quantity' && <NumberProblem problem={s.entryProblem.problem} typed={s.entryProblem.typed} />}
        {s.pricing && (
          <label>
            {t('counter.price')} — {s.pricing.description}
            <input ref={priceBox} data-testid="price" inputMode="decimal" onKeyDown={onPriceKey} autoComplete="off" />
            {s.entryProblem?.field === 'price' && <NumberProblem problem={s.entryProblem.problem} typed={s.entryProblem.typed} />}
          </label>
        )}
        {s.discounting && lastLine && (
          <label>
            {t('counter.discount')} — {lastLine.description}
            <input ref={discountBox} data-testid="discount" defaultValue={lastLine.discount?.input ?? ''} onKeyDown={onDiscountKey} autoComplete="off" />
            {s.entryProblem?.field === 'discount' ? <NumberProblem problem={s.entryProblem.problem} typed={s.entryProblem.typed} />
              : discountInvalid && <span className="error">{t('counter.discountInvalid')}</span>}
          </label>
        )}
        <ul className="results" role="listbox" aria-label={t('counter.results')}>
          {s.results.map((r, i) => (
            <li key={`${r.kind}-${r.cabysCode}-${r.productCode ?? i}`} role="option" aria-selected={i === s.selected} className={i === s.selected ? 'selected' : ''}>
              <span className="code">{r.productCode ?? r.cabysCode}</span> {r.description}
              {r.price !== null && <span className="price"> {formatMoney(language, r.price)}</span>}
            </li>
          ))}
        </ul>
        {help && <KeysHelp />}
      </div>

      <div className="counter-ticket">
        {s.org && !s.address && <IssuerAddressForm />}
        <h2>{t('counter.lines')}</h2>
        {s.cleared && s.lines.length === 0 && (
          <p className="cleared" role="status" data-testid="cleared">
            {t('counter.cleared')} <button type="button" onClick={() => { s.undoClear(); searchBox.current?.focus(); }}>{t('counter.undo')}</button>
          </p>
        )}
        <TicketLines lines={s.lines} totals={totals} problems={problems} />
        <PaymentPanel ringing={s.lines.length > 0} total={totals?.total ?? null} tenderedBox={tenderedBox} onTenderedDone={() => searchBox.current?.focus()} />
        {short && s.lines.length > 0 && <ShortCashConfirm short={short} onIssue={() => void requestIssue(true)} onBack={() => { setShort(null); setTenderedFocus((n) => n + 1); }} />}
        <button type="button" className="issue" disabled={s.issuing || s.lines.length === 0 || !s.org || !s.address} onClick={() => void requestIssue()}>
          {s.issuing ? t('counter.issuing') : t('counter.issue')}
        </button>
        {s.error && <p className="error" role="alert">{errorKey ? t(errorKey) : s.error}</p>}
        <IssuedPanel onPrint={printLastReceipt} />
        <p className="keys muted">{t('counter.keys')}</p>
      </div>
    </section>
  );
}
