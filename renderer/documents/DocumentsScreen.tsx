/** Documents, newest first, with their live status; Enter or a click opens the tax authority's answer. */
import { useEffect } from 'react';
import { formatAmount, useLanguage, useT } from '../i18n/store.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { DocumentDetailPanel } from './DocumentDetailPanel.tsx';
import { useDocuments } from './store.ts';

const POLL_MS = 3000;

export function DocumentsScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { items, error, openKey, refresh, open } = useDocuments();

  useEffect(() => {
    void useDocuments.getState().refresh();
    const timer = setInterval(() => void useDocuments.getState().refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, []);

  const locale = language === 'en' ? 'en-US' : 'es-CR';
  return (
    <section className="documents">
      <header className="row">
        <h2>{t('docs.title')}</h2>
        <button type="button" onClick={() => void refresh()}>{t('docs.refresh')}</button>
      </header>
      {error && <p className="error" role="alert">{error}</p>}
      {items.length === 0 ? (
        <p className="muted">{t('docs.empty')}</p>
      ) : (
        <table className="list" data-testid="documents">
          <thead>
            <tr><th>{t('docs.date')}</th><th>{t('docs.consecutive')}</th><th>{t('docs.receiver')}</th><th>{t('docs.total')}</th><th>{t('docs.status')}</th></tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.id} tabIndex={0} className={d.document_key === openKey ? 'selected' : ''} onClick={() => void open(d.document_key)} onKeyDown={(e) => e.key === 'Enter' && void open(d.document_key)}>
                <td>{new Date(d.created_at).toLocaleString(locale)}</td>
                <td>{d.consecutive_number}</td>
                <td>{d.receptor_name ?? t('docs.none')}</td>
                <td className="num">{d.currency} {formatAmount(language, d.total)}</td>
                <td><StatusBadge status={d.status} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <DocumentDetailPanel />
    </section>
  );
}
