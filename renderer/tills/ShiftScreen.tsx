/**
 * "Turno de caja" (docs/tills.md): this till's shift. No shift: the float and "Abrir turno". Open: cash in
 * and out with a reason, the X report, and the close (CloseForm). Closed: the Z, printed on the till's
 * printer or as a PDF, until a new shift opens. Below, the day's Z over every shift closed that day.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { costaRicaToday } from '../shared/certificate/expiry.ts';
import { useTill } from '../shared/till.ts';
import { CloseForm } from './CloseForm.tsx';
import { useT, type MessageKey } from './messages.ts';
import { PrintResult } from './PrintResult.tsx';
import { ReportView } from './ReportView.tsx';
import { ShiftProblem, useShift } from './shift-store.ts';
import './tills.css';

function Problem() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const error = useShift((s) => s.error);
  if (!error) return null;
  const text = error instanceof ShiftProblem ? t(`shift.problem.${error.problem}` as MessageKey) : errorText(language, error);
  return <p className="error" role="alert" data-testid="shift-error">{text}</p>;
}

function OpenForm() {
  const t = useT();
  const busy = useShift((s) => s.busy);
  const [float, setFloat] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useShift.getState().open(float);
  };
  return (
    <form className="shift-open" onSubmit={submit}>
      <p>{t('shift.none')}</p>
      <label>{t('shift.float')}<input inputMode="decimal" autoComplete="off" autoFocus value={float} onChange={(e) => setFloat(e.target.value)} data-testid="opening-float" /></label>
      <button type="submit" className="primary" disabled={busy} data-testid="open-shift">{t('shift.open')}</button>
    </form>
  );
}

function MovementForm() {
  const t = useT();
  const busy = useShift((s) => s.busy);
  const [kind, setKind] = useState<'in' | 'out'>('out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await useShift.getState().move(kind, amount, reason)) {
      setAmount('');
      setReason('');
    }
  };
  return (
    <form className="movement-form" onSubmit={(e) => void submit(e)} data-testid="movement-form">
      <select value={kind} onChange={(e) => setKind(e.target.value as 'in' | 'out')} aria-label={t('movement.kind')} data-testid="movement-kind">
        <option value="out">{t('movement.out')}</option>
        <option value="in">{t('movement.in')}</option>
      </select>
      <input inputMode="decimal" autoComplete="off" placeholder={t('movement.amount')} aria-label={t('movement.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="movement-amount" />
      <input placeholder={t('movement.reason')} aria-label={t('movement.reason')} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="movement-reason" />
      <button type="submit" disabled={busy} data-testid="movement-save">{t('movement.save')}</button>
    </form>
  );
}

function ReportActions() {
  const t = useT();
  const { busy, printed } = useShift();
  return (
    <div className="report-actions">
      <button type="button" disabled={busy} onClick={() => void useShift.getState().print()} data-testid="report-print">{t('report.print')}</button>
      <button type="button" disabled={busy} onClick={() => void useShift.getState().pdf()} data-testid="report-pdf">{t('report.pdf')}</button>
      {printed && <PrintResult outcome={printed} />}
    </div>
  );
}

function DailyReport() {
  const t = useT();
  const { daily, busy } = useShift();
  const [date, setDate] = useState(() => costaRicaToday(new Date()));
  return (
    <section className="daily-report" data-testid="daily-report">
      <h3>{t('daily.title')}</h3>
      <form onSubmit={(e) => {
        e.preventDefault();
        void useShift.getState().loadDaily(date);
      }}>
        <input type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-label={t('daily.date')} />
        <button type="submit" disabled={busy || !date} data-testid="daily-show">{t('daily.show')}</button>
        <button type="button" disabled={busy || !date} onClick={() => void useShift.getState().dailyPdf(date)} data-testid="daily-pdf">{t('report.pdf')}</button>
      </form>
      {daily && <ReportView report={daily} />}
    </section>
  );
}

export default function ShiftScreen() {
  const t = useT();
  const till = useTill((s) => s.till);
  const { loaded, shift, report, busy } = useShift();
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    void useShift.getState().load(till);
  }, [till]);
  useEffect(() => {
    if (shift?.closed_at) setClosing(false);
  }, [shift?.closed_at]);

  const open = shift && !shift.closed_at;
  return (
    <section className="shift-screen" data-testid="shift-screen" data-state={!loaded ? 'loading' : !shift ? 'none' : open ? 'open' : 'closed'}>
      <h2>{t('shift.title')} <span className="muted">{t('shift.till', { branch: till.branch, terminal: till.terminal })}</span></h2>
      <Problem />
      {!loaded ? <p className="muted">…</p> : !shift ? <OpenForm /> : (
        <>
          {open && !closing && (
            <>
              <MovementForm />
              <button type="button" className="primary" onClick={() => setClosing(true)} data-testid="start-close">{t('shift.close')}</button>
            </>
          )}
          {open && closing && (
            <CloseForm report={report} busy={busy} onCancel={() => setClosing(false)} onClose={(draft) => void useShift.getState().close(draft)} />
          )}
          {report && !closing && (
            <>
              <ReportActions />
              <ReportView report={report} />
            </>
          )}
          {!open && <button type="button" onClick={() => useShift.getState().dismiss()} data-testid="new-shift">{t('shift.new')}</button>}
        </>
      )}
      <DailyReport />
    </section>
  );
}
