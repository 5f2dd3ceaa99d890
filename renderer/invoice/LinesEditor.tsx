/**
 * The lines: a search box that adds saved products or CABYS codes (a CABYS code then asks its price), and
 * each line's fields editable in place. The amounts column is the engine's answer to the draft check,
 * never computed here.
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT, type MessageKey } from './messages.ts';
import { isExport } from './document-types.ts';
import { COMMON_UNITS } from '../shared/units.ts';
import { formatMoney } from '../shared/money.ts';
import { useSearchBox } from './search-box.ts';
import { useInvoice } from './store.ts';
import type { LineDraft } from './types.ts';

const SEARCH_DELAY_MS = 200;

type TextField = 'cabysCode' | 'description' | 'quantity' | 'discount' | 'tariffCode';

export function LinesEditor({ searchRef }: { searchRef: RefObject<HTMLInputElement | null> }) {
  const t = useT();
  const language = useLanguage((l) => l.language);
  const s = useInvoice();
  const priceRefs = useRef(new Map<number, HTMLInputElement>());
  const exportInvoice = isExport(s.documentType);

  const onSearchKey = useSearchBox(s.lineQuery, SEARCH_DELAY_MS, () => {
    const store = useInvoice.getState();
    return {
      hits: store.lineResults.length, search: store.searchLines, move: store.moveLine, choose: () => store.chooseLine(),
      clear: () => { store.setLineQuery(''); useInvoice.setState({ lineResults: [] }); },
    };
  });

  // A CABYS code comes without a price: its price box takes the focus.
  useEffect(() => {
    if (s.priceFocus !== null) priceRefs.current.get(s.priceFocus)?.focus();
  }, [s.priceFocus]);

  // Enter in a price: back to the search for the next line.
  const onPriceKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      searchRef.current?.focus();
    }
  };

  const field = (line: LineDraft, name: TextField, label: MessageKey, className = '') => (
    <input className={className} value={line[name]} aria-label={t(label)} onChange={(e) => s.updateLine(line.key, { [name]: e.target.value })} autoComplete="off" />
  );

  return (
    <section className="invoice-lines">
      <h3>{t('invoice.lines')}</h3>
      <div className="line-search">
        <input ref={searchRef} data-testid="line-search" placeholder={t('invoice.lineSearch')} aria-label={t('invoice.lineSearch')} value={s.lineQuery} autoComplete="off"
          onChange={(e) => s.setLineQuery(e.target.value)} onKeyDown={(e) => void onSearchKey(e)} />
        <button type="button" onClick={() => s.addBlankLine()}>{t('invoice.freeLine')}</button>
        {s.lineResults.length > 0 && (
          <ul className="results" role="listbox" data-testid="line-results">
            {s.lineResults.map((r, i) => (
              <li key={`${r.kind}-${r.cabysCode}-${r.productCode ?? i}`} role="option" aria-selected={i === s.lineSelected} className={i === s.lineSelected ? 'selected' : ''}
                onMouseDown={(e) => { e.preventDefault(); s.chooseLine(i); }}>
                <span className="code">{r.productCode ?? r.cabysCode}</span> {r.description}
                {r.price && <span className="price"> {r.price}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
      {s.lines.length === 0 ? (
        <p className="muted">{t('invoice.noLines')}</p>
      ) : (
        <table className="lines" data-testid="invoice-lines">
          <thead>
            <tr>
              <th>#</th><th>{t('invoice.cabys')}</th><th>{t('invoice.description')}</th><th>{t('invoice.qty')}</th><th>{t('invoice.unit')}</th>
              <th>{t('invoice.price')}</th><th>{t('invoice.discount')}</th><th>{t('invoice.tax')}</th>{exportInvoice && <th>{t('invoice.tariff')}</th>}
              <th className="num">{t('invoice.lineTotal')}</th><th />
            </tr>
          </thead>
          <tbody>
            {s.lines.map((line, i) => {
              const amounts = s.validation.lines[i];
              return (
                <tr key={line.key}>
                  <td>{i + 1}</td>
                  <td className="w-cabys">{field(line, 'cabysCode', 'invoice.cabys', 'code')}</td>
                  <td>{field(line, 'description', 'invoice.description')}</td>
                  <td className="w-qty">{field(line, 'quantity', 'invoice.qty')}</td>
                  <td className="w-unit">
                    <input list="invoice-units" value={line.unit} aria-label={t('invoice.unit')} onChange={(e) => s.updateLine(line.key, { unit: e.target.value })} />
                  </td>
                  <td className="w-price">
                    <input ref={(el) => { if (el) priceRefs.current.set(line.key, el); else priceRefs.current.delete(line.key); }} inputMode="decimal" value={line.price}
                      data-testid={`line-price-${i}`} aria-label={t('invoice.price')} onChange={(e) => s.updateLine(line.key, { price: e.target.value })} onKeyDown={onPriceKey} />
                  </td>
                  <td className="w-discount">{field(line, 'discount', 'invoice.discount')}</td>
                  <td className="w-tax">
                    <select value={line.rateCode} aria-label={t('invoice.tax')} onChange={(e) => s.updateLine(line.key, { rateCode: e.target.value })}>
                      {(s.rates.length > 0 ? s.rates : [{ code: line.rateCode, name: line.rateCode, rate: null }]).map((r) => (
                        <option key={r.code} value={r.code}>{r.rate === null ? r.name : `${r.rate} %`} ({r.code})</option>
                      ))}
                    </select>
                  </td>
                  {exportInvoice && <td className="w-cabys">{field(line, 'tariffCode', 'invoice.tariff', 'code')}</td>}
                  <td className={`num ${s.validation.state === 'checking' ? 'stale' : ''}`} data-testid={`line-total-${i}`}>
                    {amounts ? formatMoney(language, amounts.total, s.commercial.currency) : '—'}
                  </td>
                  <td>
                    <button type="button" className="remove" aria-label={t('invoice.remove', { n: i + 1 })} title={t('invoice.remove', { n: i + 1 })} onClick={() => s.removeLine(line.key)}>✕</button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <datalist id="invoice-units">{COMMON_UNITS.map((u) => <option key={u} value={u} />)}</datalist>
    </section>
  );
}
