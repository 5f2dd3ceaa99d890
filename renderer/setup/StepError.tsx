/** A step's failure in the server's words (or the known codes' translations). */
import { errorText, useLanguage } from '../i18n/store.ts';
import { useSetup } from './store.ts';

export function StepError() {
  const language = useLanguage((s) => s.language);
  const error = useSetup((s) => s.error);
  return error ? <p className="error" role="alert">{errorText(language, error)}</p> : null;
}
