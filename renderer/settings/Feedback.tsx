/** A section's outcome: "saved", or its failure (the form's own problems translated, else the server's words). */
import { errorText, useLanguage } from '../i18n/store.ts';
import { useT, en, type MessageKey } from './messages.ts';
import type { SectionState } from './section.ts';

export function Feedback({ state }: { state: SectionState }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  if (state.error) {
    const key = `settings.problem.${state.error.message}`;
    const text = key in en ? t(key as MessageKey) : errorText(language, state.error);
    return <p className="error" role="alert">{text}</p>;
  }
  return state.saved ? <p className="success" role="status">{t('settings.saved')}</p> : null;
}

export function SaveButton({ busy }: { busy: boolean }) {
  const t = useT();
  return <button type="submit" className="primary" disabled={busy}>{busy ? t('settings.saving') : t('settings.save')}</button>;
}
