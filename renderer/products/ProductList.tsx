/** The list of saved products: code, description with its CABYS code, price (with or before VAT) and the VAT as "13 %". */
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { moveInList } from '../shared/form-keys.ts';
import { percentText } from '../shared/percent.ts';
import { formatMoney } from '../shared/money.ts';
import { useProducts } from './store.ts';

export function ProductList() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { items, total, search, loaded, openId } = useProducts();

  if (loaded && items.length === 0) return <p className="muted" data-testid="product-list-empty">{search.trim() ? t('products.noMatch') : t('products.empty')}</p>;
  return (
    <>
      {items.length > 0 && <ul onKeyDown={moveInList} data-testid="product-list">
        {items.map((p) => (
          <li key={p.id}>
            <button type="button" className={`${p.id === openId ? 'selected' : ''} ${p.is_active ? '' : 'inactive'}`} aria-current={p.id === openId} onClick={() => useProducts.getState().open(p, language)} data-testid="product-row">
              <span className="code">{p.code}</span>
              <span className="products-what">
                <strong>{p.description}</strong>
                <span className="muted">CABYS {p.cabys_code}{p.is_active ? '' : ` · ${t('products.inactive')}`}</span>
              </span>
              <span className="num">
                {formatMoney(language, p.price, p.currency)}
                {p.tax_rate_code !== null && <small className="muted">{p.price_includes_vat ? t('products.withVat') : t('products.plusVat')}</small>}
              </span>
              <span className="num" title={t('products.vat')}>{p.tax_rate === null ? '—' : percentText(language, p.tax_rate)}</span>
            </button>
          </li>
        ))}
      </ul>}
      {items.length > 0 && items.length < total && (
        <p className="muted row">
          {t('products.count', { shown: items.length, total })}
          <button type="button" onClick={() => void useProducts.getState().more()}>{t('products.more')}</button>
        </p>
      )}
    </>
  );
}
