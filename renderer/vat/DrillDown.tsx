/** The documents behind the line the shopkeeper opened: each one's type, day, number, party, base and tax. */
import { errorText, useLanguage } from '../i18n/store.ts';
import { formatMoney } from '../shared/money.ts';
import { useT, es, type MessageKey } from './messages.ts';
import { useVat } from './store.ts';

export function DrillDown() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const drill = useVat((s) => s.drill);
  if (!drill) return null;
  const typeName = (code: string) => (`invoice.type.${code}` in es ? t(`invoice.type.${code}` as MessageKey) : code);
  return (
    <aside className="detail vat-drill" data-testid="vat-drill" data-line={drill.line.id}>
      <header className="row">
        <h3>{t('vat.drill.title', { label: drill.line.label })}</h3>
        <button type="button" onClick={() => void useVat.getState().openLine(null)} aria-label={t('vat.drill.close')} title={t('vat.drill.close')}>✕</button>
      </header>
      {drill.error && <p className="error" role="alert">{errorText(language, drill.error)}</p>}
      {drill.documents === null ? <p className="muted">{t('vat.drill.loading')}</p> : drill.documents.length === 0 ? <p className="muted">{t('vat.drill.none')}</p> : (
        <table className="list">
          <thead>
            <tr><th>{t('vat.drill.number')}</th><th>{t('vat.drill.party')}</th><th className="num">{t('vat.col.base')}</th><th className="num">{t('vat.col.tax')}</th></tr>
          </thead>
          <tbody>
            {drill.documents.map((d) => (
              <tr key={`${d.source}-${d.clave}`} data-clave={d.clave} data-source={d.source}>
                <td title={t(`vat.drill.source.${d.source}`)}>
                  <span className="type">{typeName(d.document_type)} · {d.issued_at.slice(0, 10)}</span>
                  <span className="code">{d.consecutive}</span>
                </td>
                <td>{d.party ?? '—'}</td>
                <td className="num">{formatMoney(language, d.base)}</td>
                <td className="num">{formatMoney(language, d.tax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </aside>
  );
}
