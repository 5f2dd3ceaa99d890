/** The month and the optional figures of the worksheet; Enter in any of them computes. */
import { useT, type MessageKey } from './messages.ts';
import { formProblems, type FormField } from './params.ts';
import { useVat } from './store.ts';

const FIELDS: readonly [FormField, MessageKey][] = [
  ['proportionality', 'vat.proportionality'], ['importsTax', 'vat.importsTax'], ['withholdings', 'vat.withholdings'], ['previousBalance', 'vat.previousBalance'],
];

export function ParamsBar() {
  const t = useT();
  const { form, tried, loading, setField, compute } = useVat();
  const problems = tried ? formProblems(form) : {};
  return (
    <form className="vat-params" data-testid="vat-params" onSubmit={(e) => { e.preventDefault(); void compute(); }}>
      <label>
        {t('vat.month')}
        <input type="month" value={form.month} required onChange={(e) => setField('month', e.target.value)} data-testid="vat-month" />
        {problems.month && <span className="problem">{t('vat.problem.month')}</span>}
      </label>
      {FIELDS.map(([field, label]) => (
        <label key={field}>
          {t(label)} <span className="muted">({t('vat.optional')})</span>
          <input value={form[field]} inputMode="decimal" autoComplete="off" onChange={(e) => setField(field, e.target.value)} data-testid={`vat-${field}`} aria-invalid={Boolean(problems[field])} />
          {problems[field] && <span className="problem">{t(field === 'proportionality' ? 'vat.problem.proportionality' : 'vat.problem.amount')}</span>}
        </label>
      ))}
      <button type="submit" className="primary" disabled={loading} data-testid="vat-compute">{loading ? t('vat.computing') : t('vat.compute')}</button>
    </form>
  );
}
