/**
 * After a sale, each of its lines rung up by CABYS code can be saved as a product under a short code and
 * name (save-product.ts): the next time, typing the code finds it with its price. Enter saves, Esc cancels.
 */
import type { KeyboardEvent } from 'react';
import { ApiRequestError } from '../api/client.ts';
import { useT } from './messages.ts';
import { useCounter, type IssuedTicket } from './store.ts';
import { PRODUCT_CODE_MAX, unsavedLines, useSaveProduct } from './save-product.ts';

export function SaveAsProduct({ issued }: { issued: IssuedTicket }) {
  const t = useT();
  const p = useSaveProduct();
  const shopIncludesVat = useCounter((s) => s.org?.prices_include_vat !== false);
  const save = () => void p.save(issued.lines, shopIncludesVat);
  const mine = p.of === issued.clave;
  // The server's words for its refusals, ours for a code taken and for what the form checks itself.
  const problemText = () => {
    if (p.error instanceof ApiRequestError && p.error.code === 'product_code_taken') return t('counter.saveProductTaken');
    return p.error ? p.error.message : t('counter.saveProductRequired');
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      p.close();
    }
  };
  return (
    <div className="save-products">
      {unsavedLines(issued.lines).map(({ line, index }) => {
        const code = mine ? p.saved[index] : undefined;
        if (code) return <p key={index} role="status" data-testid="product-saved">{t('counter.saveProductSaved', { code })}</p>;
        if (!mine || p.form?.line !== index) {
          return <button key={index} type="button" onClick={() => p.open(issued.clave, index)} data-testid="save-product">{t('counter.saveProduct', { description: line.description })}</button>;
        }
        return (
          <div key={index} className="save-product-form" data-testid="save-product-form" onKeyDown={onKey}>
            <label>
              {t('counter.saveProductCode')}
              <input autoFocus data-testid="product-code" maxLength={PRODUCT_CODE_MAX} value={p.form.code} onChange={(e) => p.edit({ code: e.target.value })} aria-invalid={p.field === 'code'} autoComplete="off" />
            </label>
            <label>
              {t('counter.saveProductName')}
              <input data-testid="product-name" maxLength={200} placeholder={line.description} value={p.form.name} onChange={(e) => p.edit({ name: e.target.value })} aria-invalid={p.field === 'description'} autoComplete="off" />
            </label>
            <button type="button" disabled={p.busy} onClick={save}>{t('counter.saveProductSave')}</button>
            <button type="button" onClick={p.close}>{t('counter.saveProductCancel')}</button>
            {(p.error || p.field) && <p className="error" role="alert">{problemText()}</p>}
          </div>
        );
      })}
    </div>
  );
}
