/**
 * "Cajeros" (the owner's): who may sign in at the tills with a PIN, and with which role — cajero (sells,
 * its own shift), supervisor (voids, notes, approvals, the day's Z, printers), dueño (everything). Disabled
 * cashiers stay listed: the documents name them. The first cashier turns the PIN pad on for every screen.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { CashierProblem, NEW_CASHIER, useCashiers, type CashierDraft } from './cashiers-store.ts';
import { useT, type MessageKey } from './messages.ts';
import { useCashierSession } from './session-store.ts';
import { ROLES, type Cashier, type Role } from './types.ts';
import './tills.css';

/** `first`: no cashier yet — the first one is the owner (the server refuses anything else: the shop would lock itself out). */
function CashierForm({ editing, first, onDone }: { editing: Cashier | null; first: boolean; onDone(): void }) {
  const t = useT();
  const busy = useCashiers((s) => s.busy);
  const [draft, setDraft] = useState<CashierDraft>(editing ? { name: editing.name, role: editing.role, pin: '' } : { ...NEW_CASHIER, role: first ? 'owner' : 'cashier' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await useCashiers.getState().save(draft, editing?.id)) {
      setDraft(NEW_CASHIER);
      onDone();
      // The first cashier turns the PIN pad on: at once, not at the next request's 401.
      if (useCashierSession.getState().phase === 'free') void useCashierSession.getState().load();
    }
  };
  return (
    <form className="cashier-form" onSubmit={(e) => void submit(e)} data-testid="cashier-form" onKeyDown={(e) => e.key === 'Escape' && editing && onDone()}>
      <h3>{editing ? t('cashiers.edit', { name: editing.name }) : t('cashiers.new')}</h3>
      {first && <p className="muted">{t('cashiers.firstOwner')}</p>}
      <label>{t('cashiers.name')}<input value={draft.name} maxLength={80} autoFocus onChange={(e) => setDraft({ ...draft, name: e.target.value })} data-testid="cashier-form-name" /></label>
      <label>
        {t('cashiers.role')}
        <select value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value as Role })} data-testid="cashier-role">
          {ROLES.map((role) => <option key={role} value={role}>{t(`role.${role}`)}</option>)}
        </select>
      </label>
      <label>
        {editing ? t('cashiers.newPin') : t('cashiers.pin')}
        <input type="password" inputMode="numeric" autoComplete="new-password" maxLength={6} value={draft.pin} onChange={(e) => setDraft({ ...draft, pin: e.target.value.replace(/\D/g, '') })} data-testid="cashier-pin" />
      </label>
      <button type="submit" className="primary" disabled={busy} data-testid="cashier-save">{t('cashiers.save')}</button>
      {editing && <button type="button" onClick={onDone}>{t('cashiers.cancel')}</button>}
    </form>
  );
}

export default function CashiersScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { cashiers, error, busy } = useCashiers();
  const [editing, setEditing] = useState<Cashier | null>(null);
  useEffect(() => {
    void useCashiers.getState().load();
  }, []);
  const first = cashiers.length === 0 && !busy;
  const problem = error instanceof CashierProblem ? t(`cashiers.problem.${error.message}` as MessageKey) : error ? errorText(language, error) : null;
  return (
    <section className="cashiers-screen" data-testid="cashiers-screen">
      <h2>{t('cashiers.title')}</h2>
      <p className="muted">{t('cashiers.intro')}</p>
      <CashierForm key={editing?.id ?? `new-${first}`} editing={editing} first={first} onDone={() => setEditing(null)} />
      {problem && <p className="error" role="alert">{problem}</p>}
      {cashiers.length === 0 ? <p className="muted">{t('cashiers.none')}</p> : (
        <table className="cashiers-table" data-testid="cashiers-table">
          <thead><tr><th>{t('cashiers.name')}</th><th>{t('cashiers.role')}</th><th>{t('cashiers.state')}</th><th /></tr></thead>
          <tbody>
            {cashiers.map((c) => (
              <tr key={c.id} className={c.active ? '' : 'inactive'} data-testid="cashier-row">
                <td>{c.name}</td>
                <td>{t(`role.${c.role}`)}</td>
                <td>{!c.active ? t('cashiers.disabled') : c.locked_until && Date.parse(c.locked_until) > Date.now() ? t('cashiers.locked') : t('cashiers.active')}</td>
                <td>
                  <button type="button" onClick={() => setEditing(c)}>{t('cashiers.change')}</button>
                  <button type="button" disabled={busy} onClick={() => void useCashiers.getState().setActive(c.id, !c.active)}>{c.active ? t('cashiers.disable') : t('cashiers.enable')}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
