/** InformacionReferencia of notes, purchase invoices and payment receipts; prefilled when a note starts from Documents. */
import { useT } from '../i18n/store.ts';
import { CodeSelect } from './CodeSelect.tsx';
import { useInvoice } from './store.ts';
import type { CodeEntry } from './types.ts';

function CodeField({ value, entries, onChange, testId }: { value: string; entries: CodeEntry[]; onChange(code: string): void; testId: string }) {
  // Without the code table (not loaded), the code is typed.
  if (entries.length === 0) return <input value={value} data-testid={testId} onChange={(e) => onChange(e.target.value)} />;
  return <CodeSelect value={value} entries={entries} onChange={onChange} testId={testId} />;
}

export function ReferencePanel() {
  const t = useT();
  const s = useInvoice();
  const r = s.reference;
  const setCode = (code: string) => {
    // The reason follows the code while it is still the previous code's own words.
    const previous = s.codes.referenceCodes.find((c) => c.code === r.code)?.description ?? '';
    const next = s.codes.referenceCodes.find((c) => c.code === code)?.description ?? '';
    s.setReference({ code, ...(r.reason === '' || r.reason === previous ? { reason: next } : {}) });
  };
  return (
    <fieldset className="reference" data-testid="reference">
      <legend>{t('invoice.reference')}</legend>
      <div className="fields">
        <label>
          {t('invoice.refType')}
          <CodeField value={r.documentType} entries={s.codes.referenceDocTypes} onChange={(documentType) => s.setReference({ documentType })} testId="ref-type" />
        </label>
        <label className="wide">
          {t('invoice.refNumber')}
          <input value={r.number} data-testid="ref-number" className="code" onChange={(e) => s.setReference({ number: e.target.value })} autoComplete="off" />
        </label>
        <label>
          {t('invoice.refDate')}
          <input value={r.date} data-testid="ref-date" placeholder="2026-01-31" onChange={(e) => s.setReference({ date: e.target.value })} autoComplete="off" />
        </label>
      </div>
      <div className="fields">
        <label>
          {t('invoice.refCode')}
          <CodeField value={r.code} entries={s.codes.referenceCodes} onChange={setCode} testId="ref-code" />
        </label>
        <label className="wide">
          {t('invoice.refReason')}
          <input value={r.reason} data-testid="ref-reason" maxLength={180} onChange={(e) => s.setReference({ reason: e.target.value })} autoComplete="off" />
        </label>
      </div>
    </fieldset>
  );
}
