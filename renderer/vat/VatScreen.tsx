/**
 * "Declaración IVA": the month's worksheet (GET /reports/vat). The notice that the D-150's official lines
 * are not published stays at the top, then what to check, the sections as tables, the result, the exports;
 * a line opens the documents behind it. Computed for the previous month when the screen opens.
 */
import { useEffect } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { exportUrl } from './api.ts';
import { DrillDown } from './DrillDown.tsx';
import { useT } from './messages.ts';
import { ParamsBar } from './ParamsBar.tsx';
import { SectionTable } from './SectionTable.tsx';
import { useVat } from './store.ts';
import { Totals } from './Totals.tsx';
import './vat.css';

export default function VatScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { worksheet, computedWith, error, drill } = useVat();

  useEffect(() => {
    if (!useVat.getState().worksheet) void useVat.getState().compute();
    const onKey = (e: KeyboardEvent) => {
      const inField = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
      if (e.key === 'Escape' && !inField && useVat.getState().drill) void useVat.getState().openLine(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section className={`vat ${drill ? 'with-detail' : ''}`} data-testid="vat-screen">
      <header className="row">
        <h2>{t('vat.title')}</h2>
        {worksheet && computedWith && (
          <span className="exports">
            <a href={exportUrl(computedWith, 'csv')} download={`iva-${worksheet.month}.csv`} data-testid="vat-csv">{t('vat.export.csv')}</a>
            <a href={exportUrl(computedWith, 'pdf')} download={`iva-${worksheet.month}.pdf`} data-testid="vat-pdf">{t('vat.export.pdf')}</a>
          </span>
        )}
      </header>
      <p className="muted">{t('vat.intro')}</p>
      <ParamsBar />
      {error && <p className="error" role="alert">{errorText(language, error)}</p>}
      {worksheet ? <>
        <p className="vat-notice" role="note" data-testid="vat-notice"><strong>{t('vat.notice')}:</strong> {worksheet.notice}</p>
        {worksheet.warnings.length > 0 && (
          <div className="vat-warnings" data-testid="vat-warnings">
            <strong>{t('vat.warnings')}:</strong>
            <ul>{worksheet.warnings.map((w) => <li key={w.code} data-code={w.code} data-count={w.count}>{w.message}</li>)}</ul>
          </div>
        )}
        <div className="vat-body">
          <div className="vat-sheet" data-testid="vat-sheet" data-month={worksheet.month}>
            {worksheet.sections.map((s) => <SectionTable key={s.id} section={s} currency={worksheet.currency} />)}
            <Totals worksheet={worksheet} />
          </div>
          <DrillDown />
        </div>
      </> : !error && <p className="muted">{t('vat.empty')}</p>}
      <p className="keys muted">{t('vat.keys')}</p>
    </section>
  );
}
