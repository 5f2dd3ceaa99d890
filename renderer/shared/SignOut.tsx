/**
 * "Cerrar sesión" in the top bar: a browser session now lasts up to 90 days (docs/browser-access.md), so a
 * shared PC needs a way to end it. POST /logout revokes it in the store; the page then goes to the server's
 * sign-in page, which says the session was closed. The desktop window has no button: its session already ends when the app quits.
 */
import { currentEndpoint } from '../api/endpoint.ts';
import { useT } from './shell-messages.ts';

const inDesktop = () => (globalThis as { facturador?: unknown }).facturador !== undefined;

/** True once the server ended the session; the page then goes to the sign-in page that says so. */
async function signOut(): Promise<boolean> {
  const endpoint = currentEndpoint();
  const answer = await fetch(`${endpoint.base.replace(/\/api\/v1$/, '')}/logout`, { method: 'POST', credentials: endpoint.credentials, headers: endpoint.headers('POST') }).catch(() => null);
  // "Sesión cerrada" only when it is: a shared PC must not be left signed in behind that page.
  if (!answer?.ok) return false;
  globalThis.location.assign('/login?signed-out');
  return true;
}

export function SignOut() {
  const t = useT();
  if (inDesktop()) return null;
  const onClick = async () => {
    if (globalThis.confirm(t('app.signOutConfirm')) && !(await signOut())) globalThis.alert(t('app.signOutFailed'));
  };
  return <button type="button" onClick={() => void onClick()} data-testid="sign-out">{t('app.signOut')}</button>;
}
