/**
 * One product: code, description, its CABYS code (searched in the catalog), unit, VAT rate shown as
 * "13 %", and the price, which is the shelf price with VAT while "price includes VAT" is on. Ctrl+Enter
 * saves, Esc closes.
 */
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT, type MessageKey } from './messages.ts';
import { NumberProblem } from '../shared/NumberProblem.tsx';
import type { TypedProblem } from '../shared/decimal.ts';
import { COMMON_UNITS } from '../shared/units.ts';
import { formKeys } from '../shared/form-keys.ts';
import { CabysPicker } from './CabysPicker.tsx';
import { CURRENCIES, draftProblems, isVat, LIMITS, mayIncludeVat, PRODUCT_RATE_CODES, type DraftField } from './draft.ts';
import { percentText } from '../shared/percent.ts';
import { useProducts } from './store.ts';

export function ProductForm() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const s = useProducts();
  const codeBox = useRef<HTMLInputElement>(null);
  useEffect(() => codeBox.current?.focus(), [s.openId]);
  if (!s.draft) return <p className="muted">{t('products.pick')}</p>;
  const { draft } = s;
  const problems = s.tried ? draftProblems(draft) : {};
  const vat = isVat(draft);
  const withVat = mayIncludeVat(draft) && draft.price_includes_vat;

  const problem = (field: DraftField | 'barcode' | 'currency' | 'price_includes_vat'): ReactNode => {
    const local = (problems as Partial<Record<string, string>>)[field];
    // A price refused as typed ("1.000": a thousand or one?) is said in the counter's own words.
    if (field === 'price' && local && local !== 'required') return <NumberProblem problem={local as TypedProblem} typed={draft.price} testId="product-price-problem" />;
    const text = local ? t(`products.problem.${local}` as MessageKey) : (s.fieldErrors[field] ?? []).join(' ');
    return text ? <span className="products-problem" role="alert">{text}</span> : null;
  };
  const rateLabel = (code: string) => {
    if (code === '10' || code === '11') return t(`products.rate.${code}`);
    const rate = s.rates.find((r) => r.code === code)?.rate;
    return rate === undefined || rate === null ? code : percentText(language, rate);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void s.save();
  };
  const remove = () => {
    if (window.confirm(t('products.confirmDelete', { name: draft.description }))) void s.remove();
  };

  return (
    <form className="products-form" onSubmit={submit} onKeyDown={formKeys(s.close, s.save)} data-testid="product-form" noValidate>
      <h3>{s.openId === 'new' ? t('products.newTitle') : t('products.editTitle')}</h3>
      <div className="products-two">
        <label>
          {t('products.code')}
          <input ref={codeBox} value={draft.code} maxLength={LIMITS.code} onChange={(e) => s.setDraft({ code: e.target.value })} data-testid="product-code" autoComplete="off" />
          {problem('code')}
        </label>
        <label>
          {t('products.barcode')}
          <input value={draft.barcode} maxLength={LIMITS.barcode} onChange={(e) => s.setDraft({ barcode: e.target.value })} data-testid="product-barcode" autoComplete="off" />
          {problem('barcode')}
        </label>
      </div>
      <label>
        {t('products.description')}
        <input value={draft.description} maxLength={LIMITS.description} onChange={(e) => s.setDraft({ description: e.target.value })} data-testid="product-description" autoComplete="off" />
        {problem('description')}
      </label>
      <CabysPicker problem={problem('cabys_code')} />
      <div className="products-two">
        <label>
          {t('products.unit')}
          <input list="product-units" value={draft.unit} maxLength={20} onChange={(e) => s.setDraft({ unit: e.target.value })} data-testid="product-unit" autoComplete="off" />
          {problem('unit')}
        </label>
        <label>
          {t('products.rate')}
          {vat ? (
            <select value={draft.tax_rate_code} onChange={(e) => s.setDraft({ tax_rate_code: e.target.value })} data-testid="product-rate">
              {draft.tax_rate_code !== '' && !(PRODUCT_RATE_CODES as readonly string[]).includes(draft.tax_rate_code) && <option value={draft.tax_rate_code}>{draft.tax_rate_code}</option>}
              {PRODUCT_RATE_CODES.map((code) => <option key={code} value={code}>{rateLabel(code)}</option>)}
            </select>
          ) : <span className="muted products-other-tax">{t('products.otherTax', { code: draft.tax_code })}</span>}
          {problem('tax_rate_code')}
        </label>
      </div>
      <div className="products-price">
        <label>
          {withVat ? t('products.priceWithVat') : t('products.priceWithoutVat')}
          <input value={draft.price} inputMode="decimal" maxLength={30} onChange={(e) => s.setDraft({ price: e.target.value })} data-testid="product-price" autoComplete="off" />
          {problem('price')}
        </label>
        <label>
          {t('products.currency')}
          <select value={draft.currency} onChange={(e) => s.setDraft({ currency: e.target.value })} data-testid="product-currency">
            {!(CURRENCIES as readonly string[]).includes(draft.currency) && <option value={draft.currency}>{draft.currency}</option>}
            {CURRENCIES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
          {problem('currency')}
        </label>
      </div>
      {mayIncludeVat(draft) && (
        <label className="products-check">
          <input type="checkbox" checked={draft.price_includes_vat} onChange={(e) => s.setDraft({ price_includes_vat: e.target.checked })} data-testid="product-includes-vat" />
          {t('products.includesVat')}
        </label>
      )}
      {problem('price_includes_vat')}
      <label className="products-check">
        <input type="checkbox" checked={draft.is_active} onChange={(e) => s.setDraft({ is_active: e.target.checked })} data-testid="product-active" />
        {t('products.active')}
      </label>
      <div className="products-actions">
        <button type="submit" className="primary" disabled={s.saving} data-testid="product-save">{s.saving ? t('products.saving') : t('products.save')}</button>
        <button type="button" onClick={() => s.close()}>{t('products.close')}</button>
        {typeof s.openId === 'number' && <button type="button" className="danger" onClick={remove} data-testid="product-delete">{t('products.delete')}</button>}
        {s.saved && <span className="products-ok" role="status" data-testid="product-saved">{t('products.savedOk')}</span>}
      </div>
      <datalist id="product-units">{COMMON_UNITS.map((u) => <option key={u} value={u} />)}</datalist>
    </form>
  );
}
