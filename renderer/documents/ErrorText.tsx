/**
 * A failed request of the Documents screen in the shopkeeper's words: this screen's own for the codes it
 * knows (`docs.error.<code>`), the shell's for an unreachable local server, else the server's message.
 */
import { useT, es, type MessageKey } from './messages.ts';
import type { ActionError } from './store.ts';

export function ErrorText({ error }: { error: ActionError }) {
  const t = useT();
  const key = `docs.error.${error.code}`;
  const text = error.code === 'network_error' ? t('error.server_unreachable') : error.code && key in es ? t(key as MessageKey) : error.message;
  return <p className="error" role="alert">{text}</p>;
}
