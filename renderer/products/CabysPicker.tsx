/**
 * The product's CABYS code: the one chosen, with its words, and a search of the catalog (the counter's own
 * call, GET /reference/cabys) by words or digits. ↓/↑ move through the hits, Enter picks (never submits
 * the form), Esc clears the search first. Picking also sets the VAT rate the catalog gives the code.
 */
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { percentText } from '../shared/percent.ts';
import { useProducts } from './store.ts';

const SEARCH_DELAY_MS = 250;

export function CabysPicker({ problem }: { problem: ReactNode }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const draft = useProducts((s) => s.draft);
  const cabys = useProducts((s) => s.cabys);
  const [active, setActive] = useState(0);

  useEffect(() => {
    setActive(0);
    const timer = setTimeout(() => void useProducts.getState().searchCabys(), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [cabys.query]);

  if (!draft) return null;
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.min(Math.max(cabys.hits.length - 1, 0), Math.max(0, i + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const hit = cabys.hits[active];
      if (hit) useProducts.getState().pickCabys(hit);
    } else if (e.key === 'Escape' && cabys.query !== '') {
      e.preventDefault();
      e.stopPropagation(); // the form's Esc closes it; here it only clears the search
      useProducts.getState().setCabysQuery('');
    }
  };

  return (
    <div className="products-cabys">
      <span className="products-label">{t('products.cabys')}</span>
      <p data-testid="product-cabys">
        {draft.cabys_code ? <><span className="code">{draft.cabys_code}</span> {draft.cabys_description}</> : <span className="muted">{t('products.cabysNone')}</span>}
      </p>
      {problem}
      <input
        type="search" value={cabys.query} maxLength={100} placeholder={t('products.cabysSearch')} aria-label={t('products.cabysSearch')}
        onChange={(e) => useProducts.getState().setCabysQuery(e.target.value)} onKeyDown={onKey} data-testid="product-cabys-search" autoComplete="off"
      />
      {cabys.state === 'searching' && cabys.hits.length === 0 && <p className="muted" role="status">{t('products.cabysSearching')}</p>}
      {cabys.state === 'done' && cabys.hits.length === 0 && <p className="muted" role="status">{t('products.cabysNoHits')}</p>}
      {cabys.state === 'failed' && <p className="error" role="status">{t('products.cabysFailed')}</p>}
      {cabys.hits.length > 0 && (
        <ul className="products-hits" data-testid="product-cabys-hits">
          {cabys.hits.map((hit, i) => (
            <li key={hit.code}>
              <button type="button" className={i === active ? 'active' : ''} onClick={() => useProducts.getState().pickCabys(hit)} tabIndex={-1}>
                <span className="code">{hit.code}</span> {hit.description_9}
                {hit.tax_rate !== null && <span className="muted"> · {t('products.vat')} {percentText(language, hit.tax_rate)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
