/**
 * Settings → Balanza / etiquetas: one row per label prefix — prefix, digits of the product's code, weight or
 * price, decimals — with how a label of that row reads, and the server's refusal under the field it names.
 * Keyboard: Tab through the fields, Enter saves, "Agregar formato" puts the cursor in the new row's prefix.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { useT } from './messages.ts';
import { Feedback, SaveButton } from './Feedback.tsx';
import { useScaleFormats, type FormatRow } from './scale-store.ts';

function FieldProblem({ messages }: { messages: string[] | undefined }) {
  return messages ? <span className="hint error">{messages.join(' ')}</span> : null;
}

/** "21 · producto de 5 dígitos · peso de 5 dígitos con 3 decimales · verificador", or nothing while the row cannot say. */
function Layout({ row }: { row: FormatRow }) {
  const t = useT();
  const item = Number(row.itemDigits);
  if (!/^\d$/.test(row.itemDigits.trim()) || item < 1) return null;
  const kind = row.value === 'weight' ? t('settings.scale.weight') : t('settings.scale.price');
  return <>{t('settings.scale.reads', { prefix: row.prefix || '2?', item, kind, value: 10 - item, decimals: row.decimals })}</>;
}

export function ScaleSection() {
  const t = useT();
  const state = useScaleFormats();
  const prefixes = useRef<(HTMLInputElement | null)[]>([]);
  const added = useRef(false);

  useEffect(() => {
    void useScaleFormats.getState().load();
  }, []);

  // The row just added takes the cursor in its prefix.
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    prefixes.current[state.rows.length - 1]?.focus();
  }, [state.rows.length]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useScaleFormats.getState().save();
  };
  const errorsOf = (i: number, field: string) => state.fieldErrors[`scale_formats.${i}.${field}`];

  return (
    <form onSubmit={submit} data-testid="settings-scale">
      <p className="muted">{t('settings.scale.why')}</p>
      {state.loaded && state.rows.length === 0 && <p className="muted">{t('settings.scale.none')}</p>}
      {state.rows.length > 0 && (
        <table className="compact scale-formats">
          <thead>
            <tr>
              <th>{t('settings.scale.prefix')}</th><th>{t('settings.scale.itemDigits')}</th><th>{t('settings.scale.value')}</th>
              <th>{t('settings.scale.decimals')}</th><th>{t('settings.scale.layout')}</th><th />
            </tr>
          </thead>
          <tbody>
            {state.rows.map((row, i) => (
              <tr key={i} data-testid="scale-format">
                <td>
                  <input ref={(el) => { prefixes.current[i] = el; }} value={row.prefix} maxLength={2} inputMode="numeric" size={3} aria-label={t('settings.scale.prefix')}
                    onChange={(e) => state.change(i, { prefix: e.target.value })} data-testid="scale-prefix" />
                  <FieldProblem messages={errorsOf(i, 'prefix')} />
                </td>
                <td>
                  <input value={row.itemDigits} maxLength={1} inputMode="numeric" size={2} aria-label={t('settings.scale.itemDigits')}
                    onChange={(e) => state.change(i, { itemDigits: e.target.value })} data-testid="scale-item-digits" />
                  <FieldProblem messages={errorsOf(i, 'item_digits')} />
                </td>
                <td>
                  <select value={row.value} aria-label={t('settings.scale.value')} onChange={(e) => state.change(i, { value: e.target.value as FormatRow['value'] })} data-testid="scale-value">
                    <option value="weight">{t('settings.scale.weight')}</option>
                    <option value="price">{t('settings.scale.price')}</option>
                  </select>
                </td>
                <td>
                  <input value={row.decimals} maxLength={1} inputMode="numeric" size={2} aria-label={t('settings.scale.decimals')}
                    onChange={(e) => state.change(i, { decimals: e.target.value })} data-testid="scale-decimals" />
                  <FieldProblem messages={errorsOf(i, 'decimals')} />
                </td>
                <td className="muted"><Layout row={row} /></td>
                <td>
                  <button type="button" onClick={() => state.remove(i)} aria-label={t('settings.scale.removeRow', { prefix: row.prefix })}>{t('settings.scale.remove')}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="actions">
        <button type="button" onClick={() => { added.current = true; state.add(); }} disabled={state.rows.length >= 10} data-testid="scale-add">{t('settings.scale.add')}</button>
        <SaveButton busy={state.busy} />
      </div>
      <Feedback state={state} />
    </form>
  );
}
