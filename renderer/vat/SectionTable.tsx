/**
 * One section of the worksheet as a table: line, base, tax (or the figure), how many documents. A line
 * with documents opens them (click, or Enter on its row).
 */
import type { KeyboardEvent } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { formatMoney } from '../shared/money.ts';
import { useT } from './messages.ts';
import { useVat } from './store.ts';
import type { VatLine, VatSection } from './types.ts';

function moveFocus(e: KeyboardEvent<HTMLTableRowElement>) {
  const next = e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
  if (next instanceof HTMLElement) {
    e.preventDefault();
    next.focus();
  }
}

export function SectionTable({ section, currency }: { section: VatSection; currency: string }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { drill, openLine } = useVat();
  const money = (figure: string | null | undefined) => (figure === undefined || figure === null ? '' : formatMoney(language, figure, currency));
  const open = (line: VatLine) => {
    if (line.documents > 0) void openLine(line);
  };
  return (
    <section className="vat-section" data-testid={`vat-section-${section.id}`}>
      <h3>{section.label}</h3>
      <table className="list">
        <thead>
          <tr><th>{t('vat.col.line')}</th><th className="num">{t('vat.col.base')}</th><th className="num">{t('vat.col.tax')}</th><th className="num">{t('vat.col.documents')}</th></tr>
        </thead>
        <tbody>
          {section.lines.map((line) => (
            <tr key={line.id} data-line={line.id} tabIndex={line.documents > 0 ? 0 : -1} className={`${line.documents > 0 ? 'opens' : ''} ${drill?.line.id === line.id ? 'selected' : ''}`}
              onClick={() => open(line)} onKeyDown={(e) => (e.key === 'Enter' ? open(line) : moveFocus(e))}>
              <td>{line.label}</td>
              <td className="num" data-figure="base">{money(line.base)}</td>
              <td className="num" data-figure="tax">{money(line.tax ?? line.amount)}</td>
              <td className="num" data-figure="documents">{line.documents}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
