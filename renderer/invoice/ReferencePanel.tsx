/**
 * InformacionReferencia of notes, purchase invoices and payment receipts; prefilled when a note starts from
 * Documents. The server's complaint about a field of it (a note over the document's balance names
 * `reference.number`) shows beside that field.
 */
import { useT } from './messages.ts';
import { CodeSelect } from './CodeSelect.tsx';
import { useInvoice } from './store.ts';
import type { CodeEntry } from './types.ts';

function CodeField({ value, entries, onChange, testId }: { value: string; entries: CodeEntry[]; onChange(code: string): void; testId: string }) {
  // Without the code table (not loaded), the code is typed.
  if (entries.length === 0) return <input value={value} data-testid={testId} onChange={(e) => onChange(e.target.value)} />;
  return <CodeSelect value={value} entries={entries} onChange={onChange} testId={testId} />;
}

/** The messages the server gave for `reference.<field>` (or `reference.0.<field>`: the request's one reference). */
export function referenceErrors(fieldErrors: Record<string, string[]>, field: string): string[] {
  return [...(fieldErrors[`reference.${field}`] ?? []), ...(fieldErrors[`reference.0.${field}`] ?? [])];
}

/** The fields of the panel, whose errors show beside them (the issue button's alert then only points here). */
export const REFERENCE_FIELDS = ['document_type', 'number', 'date', 'code', 'code_other_description', 'reason'] as const;

function FieldError({ field, testId }: { field: (typeof REFERENCE_FIELDS)[number]; testId?: string }) {
  const messages = referenceErrors(useInvoice((s) => s.fieldErrors), field);
  if (messages.length === 0) return null;
  return <span className="field-error" role="alert" data-testid={testId}>{messages.join(' ')}</span>;
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
          <FieldError field="document_type" />
        </label>
        <label className="wide">
          {t('invoice.refNumber')}
          <input value={r.number} data-testid="ref-number" className="code" onChange={(e) => s.setReference({ number: e.target.value })} autoComplete="off" />
          <FieldError field="number" testId="ref-number-error" />
        </label>
        <label>
          {t('invoice.refDate')}
          <input type="date" value={r.date} data-testid="ref-date" onChange={(e) => s.setReference({ date: e.target.value })} />
          <FieldError field="date" />
        </label>
      </div>
      <div className="fields">
        <label>
          {t('invoice.refCode')}
          <CodeField value={r.code} entries={s.codes.referenceCodes} onChange={setCode} testId="ref-code" />
          <FieldError field="code" />
        </label>
        {r.code === '99' && (
          <label className="wide">
            {t('invoice.refCodeOther')}
            <input value={r.codeOther} data-testid="ref-code-other" maxLength={100} onChange={(e) => s.setReference({ codeOther: e.target.value })} autoComplete="off" />
            <FieldError field="code_other_description" />
          </label>
        )}
        <label className="wide">
          {t('invoice.refReason')}
          <input value={r.reason} data-testid="ref-reason" maxLength={180} onChange={(e) => s.setReference({ reason: e.target.value })} autoComplete="off" />
          <FieldError field="reason" />
        </label>
      </div>
    </fieldset>
  );
}
