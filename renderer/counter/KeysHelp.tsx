/** F1: every key of the counter and what it does, from the same table the key handler uses (keys.ts). */
import { useT } from './messages.ts';
import { KEY_HELP } from './keys.ts';

export function KeysHelp() {
  const t = useT();
  return (
    <div className="keys-help" data-testid="keys-help">
      <h2>{t('counter.keysTitle')}</h2>
      <table>
        <tbody>
          {KEY_HELP.map(([keys, what]) => (
            <tr key={keys}><td><kbd>{keys}</kbd></td><td>{t(what)}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
