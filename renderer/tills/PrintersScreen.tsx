/**
 * "Impresoras y caja": which till this PC is (branch and terminal, kept in this browser: the counter issues
 * on it, its shift and its printer are this till's), and the shop's thermal printers — add one on the
 * network, change it, "Imprimir prueba" and how it went, remove it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { useTill } from '../shared/till.ts';
import { useT, type MessageKey } from './messages.ts';
import { newPrinter, printerDraft, PrinterProblem, usePrinters, type PrinterDraft } from './printers-store.ts';
import { PrintResult } from './PrintResult.tsx';
import type { Printer } from './types.ts';
import './tills.css';

function ThisTill() {
  const t = useT();
  const { till, setTill } = useTill();
  const [branch, setBranch] = useState(till.branch);
  const [terminal, setTerminal] = useState(till.terminal);
  const [saved, setSaved] = useState(false);
  const valid = /^\d{1,3}$/.test(branch) && /^\d{1,5}$/.test(terminal) && Number(terminal) > 0 && Number(branch) > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setTill({ branch, terminal });
    setSaved(true);
  };
  return (
    <form className="this-till" onSubmit={submit} data-testid="this-till">
      <h3>{t('till.title')}</h3>
      <p className="muted">{t('till.intro')}</p>
      <label>{t('till.branch')}<input inputMode="numeric" maxLength={3} value={branch} onChange={(e) => { setBranch(e.target.value.replace(/\D/g, '')); setSaved(false); }} data-testid="till-branch" /></label>
      <label>{t('till.terminal')}<input inputMode="numeric" maxLength={5} value={terminal} onChange={(e) => { setTerminal(e.target.value.replace(/\D/g, '')); setSaved(false); }} data-testid="till-terminal" /></label>
      <button type="submit" disabled={!valid} data-testid="till-save">{t('till.save')}</button>
      {saved && <span role="status">{t('till.saved', { branch: till.branch, terminal: till.terminal })}</span>}
    </form>
  );
}

function PrinterForm({ editing, onDone }: { editing: Printer | null; onDone(): void }) {
  const t = useT();
  const till = useTill((s) => s.till);
  const busy = usePrinters((s) => s.busy);
  const [d, setD] = useState<PrinterDraft>(editing ? printerDraft(editing) : newPrinter(till));
  const text = (key: keyof PrinterDraft, label: MessageKey, props: { inputMode?: 'numeric'; maxLength?: number; autoFocus?: boolean } = {}) => (
    <label>{t(label)}<input {...props} value={String(d[key])} onChange={(e) => setD({ ...d, [key]: e.target.value })} data-testid={`printer-${key}`} /></label>
  );
  const check = (key: 'drawer' | 'qr' | 'logo' | 'print_on_issue', label: MessageKey) => (
    <label className="check"><input type="checkbox" checked={d[key]} onChange={(e) => setD({ ...d, [key]: e.target.checked })} data-testid={`printer-${key}`} />{t(label)}</label>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await usePrinters.getState().save(d, editing?.id)) {
      setD(newPrinter(till));
      onDone();
    }
  };
  return (
    <form className="printer-form" onSubmit={(e) => void submit(e)} data-testid="printer-form" onKeyDown={(e) => e.key === 'Escape' && editing && onDone()}>
      <h3>{editing ? t('printers.edit', { name: editing.name }) : t('printers.new')}</h3>
      <div className="printer-fields">
        {text('name', 'printers.name', { maxLength: 80, autoFocus: true })}
        {text('host', 'printers.host', { maxLength: 253 })}
        {text('port', 'printers.port', { inputMode: 'numeric', maxLength: 5 })}
        {text('branch', 'till.branch', { inputMode: 'numeric', maxLength: 3 })}
        {text('terminal', 'till.terminal', { inputMode: 'numeric', maxLength: 5 })}
        <label>
          {t('printers.paper')}
          <select value={d.paper} onChange={(e) => setD({ ...d, paper: e.target.value as PrinterDraft['paper'] })} data-testid="printer-paper">
            <option value="80mm">80 mm</option>
            <option value="58mm">58 mm</option>
          </select>
        </label>
        <label>
          {t('printers.codepage')}
          <select value={d.codepage} onChange={(e) => setD({ ...d, codepage: e.target.value as PrinterDraft['codepage'] })}>
            <option value="cp858">CP858 (€)</option>
            <option value="cp850">CP850</option>
          </select>
        </label>
        <label>
          {t('printers.colon')}
          <select value={d.colon} onChange={(e) => setD({ ...d, colon: e.target.value as PrinterDraft['colon'] })}>
            <option value="¢">¢ 1 500,00</option>
            <option value="CRC">CRC 1 500,00</option>
          </select>
        </label>
      </div>
      <div className="printer-checks">
        {check('print_on_issue', 'printers.printOnIssue')}
        {check('drawer', 'printers.drawer')}
        {check('logo', 'printers.logo')}
        {check('qr', 'printers.qr')}
      </div>
      <button type="submit" className="primary" disabled={busy} data-testid="printer-save">{t('printers.save')}</button>
      {editing && <button type="button" onClick={onDone}>{t('printers.cancel')}</button>}
    </form>
  );
}

export default function PrintersScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const till = useTill((s) => s.till);
  const { printers, tests, testing, error, busy } = usePrinters();
  const [editing, setEditing] = useState<Printer | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  useEffect(() => {
    void usePrinters.getState().load();
  }, []);
  const problem = error instanceof PrinterProblem ? t(`printers.problem.${error.message}` as MessageKey) : error ? errorText(language, error) : null;
  return (
    <section className="printers-screen" data-testid="printers-screen">
      <h2>{t('printers.title')}</h2>
      <ThisTill />
      <PrinterForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {problem && <p className="error" role="alert">{problem}</p>}
      {printers.length === 0 ? <p className="muted">{t('printers.none')}</p> : (
        <table className="printers-table" data-testid="printers-table">
          <thead><tr><th>{t('printers.name')}</th><th>{t('printers.address')}</th><th>{t('printers.till')}</th><th>{t('printers.paper')}</th><th /></tr></thead>
          <tbody>
            {printers.map((p) => (
              <tr key={p.id} data-testid="printer-row" className={p.terminal === till.terminal && p.branch === till.branch ? 'this-till-row' : ''}>
                <td>{p.name}{p.print_on_issue ? '' : ` (${t('printers.manual')})`}</td>
                <td className="code">{p.connection === 'network' ? `${p.host}:${p.port}` : p.os_name}</td>
                <td>{p.branch}-{p.terminal}</td>
                <td>{p.paper}{p.drawer ? ` · ${t('printers.drawerShort')}` : ''}</td>
                <td>
                  <button type="button" disabled={testing !== null} onClick={() => void usePrinters.getState().test(p.id)} data-testid="printer-test">{testing === p.id ? t('printers.testing') : t('printers.test')}</button>
                  <button type="button" onClick={() => setEditing(p)}>{t('printers.change')}</button>
                  {removing === p.id ? (
                    <span className="confirm">
                      {t('printers.confirmRemove', { name: p.name })}{' '}
                      <button type="button" className="danger" disabled={busy} onClick={() => void usePrinters.getState().remove(p.id)}>{t('printers.removeYes')}</button>
                      <button type="button" autoFocus onClick={() => setRemoving(null)}>{t('printers.cancel')}</button>
                    </span>
                  ) : (
                    <button type="button" onClick={() => setRemoving(p.id)}>{t('printers.remove')}</button>
                  )}
                  {tests[p.id] && <PrintResult outcome={tests[p.id]!} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
