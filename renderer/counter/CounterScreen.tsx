/**
 * The counter: a ticket from the keyboard alone. Type, Enter adds the first hit (a CABYS code asks for its
 * price first), `3*` before the text sets the quantity, F5/F6/F7 choose the payment, F9 or Ctrl+Enter
 * issues, and the clave shows at once. For a saved product: 3-4 letters, Enter, F9.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useT } from '../i18n/store.ts';
import { useConnectivity } from '../connectivity/store.ts';
import { PAYMENT_METHODS, type PaymentMethod } from './ticket-request.ts';
import { useCounter } from './store.ts';
import { IssuedPanel } from './IssuedPanel.tsx';
import { IssuerAddressForm } from './IssuerAddressForm.tsx';

const PAYMENT_KEYS: Record<string, PaymentMethod> = { F5: 'cash', F6: 'card', F7: 'sinpe' };
const SEARCH_DELAY_MS = 150;

export function CounterScreen() {
  const t = useT();
  const s = useCounter();
  const offline = useConnectivity((c) => c.reachable === false);
  const searchBox = useRef<HTMLInputElement>(null);
  const priceBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void useCounter.getState().load();
    searchBox.current?.focus();
  }, []);

  // Search as the shopkeeper types, but not on every keystroke.
  useEffect(() => {
    const timer = setTimeout(() => void useCounter.getState().search(), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [s.query]);

  useEffect(() => {
    if (s.pricing) priceBox.current?.focus();
    else searchBox.current?.focus();
  }, [s.pricing]);

  // Keys that work wherever the focus is on this screen.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const counter = useCounter.getState();
      const payment = PAYMENT_KEYS[e.key];
      if (payment) counter.setPayment(payment);
      else if (e.key === 'F9' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) void counter.issue(useConnectivity.getState().reachable === false);
      else if (e.key === 'F2') searchBox.current?.focus();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onSearchKey = async (e: KeyboardEvent<HTMLInputElement>) => {
    const counter = useCounter.getState();
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      // Enter faster than the search delay (a barcode scanner): search now, then add.
      if (counter.searchedFor !== counter.query) await counter.search();
      useCounter.getState().choose();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      counter.move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Delete' && counter.query === '') {
      e.preventDefault();
      counter.removeLast();
    } else if (e.key === 'Escape') {
      counter.clear();
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

  return (
    <section className="counter">
      <div className="counter-entry">
        <label>
          {t('counter.search')}
          <input ref={searchBox} data-testid="search" value={s.query} onChange={(e) => s.setQuery(e.target.value)} onKeyDown={(e) => void onSearchKey(e)} autoComplete="off" />
        </label>
        {s.pricing && (
          <label>
            {t('counter.price')} — {s.pricing.description}
            <input ref={priceBox} data-testid="price" inputMode="decimal" onKeyDown={onPriceKey} autoComplete="off" />
          </label>
        )}
        <ul className="results" aria-label={t('counter.results')}>
          {s.results.map((r, i) => (
            <li key={`${r.kind}-${r.cabysCode}-${r.productCode ?? i}`} className={i === s.selected ? 'selected' : ''}>
              <span className="code">{r.productCode ?? r.cabysCode}</span> {r.description}
              {r.price !== null && <span className="price"> ₡{r.price}</span>}
            </li>
          ))}
        </ul>
      </div>

      <div className="counter-ticket">
        {!s.address && <IssuerAddressForm />}
        <h2>{t('counter.lines')}</h2>
        {s.lines.length === 0 ? (
          <p className="muted">{t('counter.empty')}</p>
        ) : (
          <table data-testid="lines">
            <thead>
              <tr><th>{t('counter.qty')}</th><th>{t('counter.description')}</th><th>{t('counter.unitPrice')}</th><th>{t('counter.tax')}</th></tr>
            </thead>
            <tbody>
              {s.lines.map((line, i) => (
                <tr key={i}><td>{line.quantity}</td><td>{line.description}</td><td>₡{line.price}</td><td>{line.rateCode}</td></tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="payment" role="radiogroup" aria-label={t('counter.payment')}>
          {PAYMENT_METHODS.map((m, i) => (
            <button key={m} type="button" role="radio" aria-checked={s.payment === m} className={s.payment === m ? 'active' : ''} onClick={() => s.setPayment(m)}>
              F{5 + i} {t(`pay.${m}`)}
            </button>
          ))}
        </div>
        <button type="button" className="issue" disabled={s.issuing || s.lines.length === 0 || !s.org || !s.address} onClick={() => void s.issue(offline)}>
          {s.issuing ? t('counter.issuing') : t('counter.issue')}
        </button>
        {s.error && <p className="error" role="alert">{s.errorCode === 'organization_key_required' ? t('counter.noOrganization') : s.error}</p>}
        <IssuedPanel />
        <p className="keys muted">{t('counter.keys')}</p>
      </div>
    </section>
  );
}
