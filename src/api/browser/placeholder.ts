/**
 * The pages served until the renderer is built (renderer/dist/): a placeholder home page that shows who
 * is signed in, and the login page. Their scripts are separate files so that the Content-Security-Policy
 * can forbid inline scripts (pages.ts).
 */
const page = (title: string, script: string) => `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>Facturador</h1>
<p id="status">…</p>
<script src="${script}"></script>
</body>
</html>
`;

export const HOME_PAGE = page('Facturador', '/app.js');
export const LOGIN_PAGE = page('Facturador — iniciar sesión', '/login.js');

/** Asks /api/v1/auth/me with the session cookie; the screens themselves come with the renderer. */
export const HOME_SCRIPT = `const status = document.getElementById('status');
fetch('/api/v1/auth/me', { credentials: 'same-origin' }).then(async (res) => {
  if (!res.ok) { status.textContent = 'No ha iniciado sesión: abra el enlace de inicio de sesión que el servidor muestra al arrancar.'; return; }
  const me = (await res.json()).data;
  status.textContent = 'Sesión iniciada: cuenta «' + me.account.name + '», clave «' + me.key.name + '». Las pantallas de facturación están en camino.';
}, () => { status.textContent = 'El servidor no responde.'; });
`;

/**
 * The token comes in the URL fragment, which the browser never sends to any server (no access log, no
 * Referer). It is removed from the address bar at once and exchanged by a POST for the session cookie.
 */
export const LOGIN_SCRIPT = `const status = document.getElementById('status');
const token = location.hash.slice(1);
const signedOut = location.search === '?signed-out';
history.replaceState(null, '', '/login');
if (!token && signedOut) status.textContent = 'Sesión cerrada. Para volver a entrar, «facturador login-url» en la computadora del servidor da un enlace nuevo.';
else if (!token) status.textContent = 'Falta el token: abra el enlace completo que el servidor muestra al arrancar.';
else fetch('/login', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'x-facturador-csrf': '1' }, body: JSON.stringify({ token }) })
  .then((res) => { if (res.ok) location.replace('/'); else status.textContent = 'El enlace ya se usó o venció: «facturador login-url» en la computadora del servidor da uno nuevo.'; },
        () => { status.textContent = 'El servidor no responde.'; });
`;
