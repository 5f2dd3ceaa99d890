/**
 * Saved products, the ones the counter finds by code, name or barcode: a searchable list on the left, on
 * the right the product open in the form or the CSV import with its per-row report. F2 searches, Alt+N
 * starts a new one, Alt+I imports, ↑/↓ in the list open the neighbour.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { ImportPanel } from './ImportPanel.tsx';
import { ProductForm } from './ProductForm.tsx';
import { ProductList } from './ProductList.tsx';
import { useProducts } from './store.ts';
import '../shared/saved-list.css';
import './products.css';

const SEARCH_DELAY_MS = 250;

export default function ProductsScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { search, loaded, panel, error } = useProducts();
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    searchBox.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      const alt = e.altKey && !e.ctrlKey && !e.metaKey;
      if (e.key === 'F2') searchBox.current?.focus();
      else if (alt && (e.key === 'n' || e.key === 'N')) useProducts.getState().startNew();
      else if (alt && (e.key === 'i' || e.key === 'I')) useProducts.getState().openImport();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Search as the shopkeeper types, not on every keystroke; the first load has no delay.
  useEffect(() => {
    const timer = setTimeout(() => void useProducts.getState().load(), loaded ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [search]);

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      document.querySelector<HTMLButtonElement>('[data-testid="product-list"] button')?.focus();
    }
  };

  return (
    <section className="products saved-list" data-testid="products-screen">
      <div className="products-list">
        <header className="row">
          <h2>{t('products.title')}</h2>
          <span className="spacer" />
          <button type="button" className="primary" onClick={() => useProducts.getState().startNew()} data-testid="product-new">{t('products.new')}</button>
          <button type="button" onClick={() => useProducts.getState().openImport()} data-testid="product-import">{t('products.import')}</button>
        </header>
        <label>
          {t('products.search')}
          <input ref={searchBox} type="search" value={search} maxLength={100} onChange={(e) => useProducts.getState().setSearch(e.target.value)} onKeyDown={onSearchKey} data-testid="product-search" autoComplete="off" />
        </label>
        <ProductList />
        <p className="keys muted">{t('products.keys')}</p>
      </div>
      <div className="products-main">
        {error && <p className="error" role="alert">{errorText(language, error)}</p>}
        {panel === 'import' ? <ImportPanel /> : <ProductForm />}
      </div>
    </section>
  );
}
