/**
 * The mail server in Settings → Correo, in headless Chromium against a real SMTP server that offers no TLS:
 * saved without the opt-out, the test e-mail fails with the generic message and the password never reaches
 * the server; with "Permitir un servidor sin cifrado" ticked (password typed again) the test e-mail goes out;
 * a new host without the password is refused and nothing changes (issue 12).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMTP_PASSWORD, SMTP_USER, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { useE2eSession } from './session.ts';

const e2e = useE2eSession();
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => smtp.close());

const field = (label: string) => e2e.page.getByTestId('settings-smtp').getByLabel(label, { exact: true });

async function saveAndWait(): Promise<void> {
  const section = e2e.page.getByTestId('settings-smtp');
  await section.getByRole('button', { name: 'Guardar' }).click();
  await section.getByRole('button', { name: 'Guardar' }).waitFor();
}

it('sends the test e-mail only over TLS unless the owner allows a server without encryption', async () => {
  const { page, t } = e2e;
  await page.goto(`${t.url}/#settings`);
  await page.getByTestId('settings-tab-smtp').click();
  const section = page.getByTestId('settings-smtp');
  await field('Servidor').fill('127.0.0.1');
  await field('Puerto').fill(String(smtp.port));
  await field('Usuario (vacío: sin autenticación)').fill(SMTP_USER);
  await field('Contraseña').fill(SMTP_PASSWORD);
  await field('Remitente (From)').fill('facturas@tecnovalle.example.cr');
  await saveAndWait();
  await section.getByText('Guardado', { exact: false }).first().waitFor();

  await field('Enviar un correo de prueba a').fill('prueba@example.cr');
  await section.getByRole('button', { name: 'Enviar prueba' }).click();
  const failed = section.getByText('El correo de prueba a prueba@example.cr falló');
  await failed.waitFor({ timeout: 20_000 });
  expect(await failed.innerText()).toContain('No se pudo enviar por el servidor de correo');
  expect(smtp.logins).toEqual([]);

  // The opt-out changes the security: the password is typed again.
  await section.getByLabel(/Permitir un servidor sin cifrado/).check();
  await field('Contraseña').fill(SMTP_PASSWORD);
  await saveAndWait();
  await section.getByRole('button', { name: 'Enviar prueba' }).click();
  await section.getByText('Correo de prueba enviado a prueba@example.cr.').waitFor({ timeout: 20_000 });
  expect(smtp.messages.map((m) => m.envelope.to)).toEqual([['prueba@example.cr']]);
  await e2e.screenshot('settings-smtp.png');
}, 50_000);

it('refuses a new host without the password, and keeps the server as it was', async () => {
  const { page, t, org } = e2e;
  const section = page.getByTestId('settings-smtp');
  await field('Servidor').fill('smtp.atacante.example');
  await saveAndWait();
  await section.getByRole('alert').waitFor();
  const stored = await t.call('GET', '/settings/smtp', { key: org.key });
  expect(stored.body.data).toMatchObject({ host: '127.0.0.1', allow_insecure: true, has_password: true });
}, 20_000);
