/**
 * Creating a webhook through the Webhooks screen, in headless Chromium against the real server (local
 * webhooks allowed) and a real HTTP receiver: the secret shows once and signs what the receiver gets, the
 * test button shows the receiver's status and time, a document issued with the organization's key shows in
 * the delivery log, and redelivering it reaches the receiver again with the same X-Webhook-ID and body.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReceiver, status, type Receiver, type Received } from '../unit/webhooks/receiver.ts';
import { verifyWebhookSignature } from '../../src/webhooks/signature.ts';
import { useE2eSession } from './session.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';

let receiver: Receiver;

// Registered before the session's hooks: the receiver starts first and closes last, after the server.
beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

// The receiver is on 127.0.0.1: the server reads this setting once, when it starts.
const e2e = useE2eSession({ serverEnv: { FACTURADOR_ALLOW_LOCAL_WEBHOOKS: '1' } });

const receivedEvents = (event: string) => receiver.received.filter((r) => r.headers['x-webhook-event'] === event);

const ticketRequest = () => exampleRequest('04-tiquete', new Date(Date.now() - 60_000));

it('creates a webhook, tests it, and shows and redelivers a document\'s delivery', async () => {
  const { page, t, org } = e2e;
  await page.getByTestId('nav-webhooks').click();
  await page.getByTestId('webhooks-screen').waitFor();

  // Alt+N opens the form with the name focused; type name and URL, add "signed" to the default verdicts.
  await page.keyboard.press('Alt+N');
  await expect.poll(() => page.getByTestId('webhook-name').evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type('Contabilidad');
  await page.getByTestId('webhook-url').fill(receiver.url('/hooks/facturador'));
  await page.getByTestId('webhook-event-document.signed').check();
  expect(await page.getByTestId('webhook-event-document.accepted').isChecked()).toBe(true);
  await page.keyboard.press('Control+Enter');

  // The secret, this once.
  const secret = (await page.getByTestId('webhook-secret-value').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
  const [created] = (await t.call('GET', '/webhooks', { key: org.key })).body.data;
  expect(created).toMatchObject({ name: 'Contabilidad', url: receiver.url('/hooks/facturador'), events: ['document.signed', 'document.accepted', 'document.rejected'], is_active: true });
  expect(JSON.stringify(created)).not.toContain(secret);

  // Test: the receiver's status and time on screen; the request really arrived, signed with that secret.
  await page.getByTestId('webhook-test').click();
  const result = page.getByTestId('webhook-test-result');
  await expect.poll(() => result.textContent()).toMatch(/HTTP 200 en \d+ ms/);
  expect(await result.getAttribute('data-successful')).toBe('true');
  const [test] = receivedEvents('webhook.test');
  expect(test).toMatchObject({ method: 'POST', path: '/hooks/facturador' });
  expect(verifyWebhookSignature(test!.body, test!.headers['x-webhook-signature-v2'] as string, secret, new Date()).valid).toBe(true);
  await page.getByTestId('webhook-deliveries').locator('tr[data-event="webhook.test"]').waitFor();

  // Dismissed, the secret is gone for good: reopening the screen does not show it.
  await page.getByRole('button', { name: 'Ya lo guardé' }).click();
  await page.reload();
  await page.getByTestId('webhook-list').getByRole('button', { name: /Contabilidad/ }).click();
  await page.getByTestId('webhook-detail').waitFor();
  expect(await page.getByTestId('webhook-secret').count()).toBe(0);

  // A ticket issued with the organization's key: its "signed" delivery shows up in the log by itself (polled).
  const issued = await t.call('POST', '/electronic-documents', { key: org.key, body: ticketRequest() });
  expect(issued.status).toBe(201);
  const clave = issued.body.data.document_key as string;
  const signedRow = page.getByTestId('webhook-deliveries').locator('tr[data-event="document.signed"]');
  await signedRow.first().waitFor({ timeout: 20_000 });
  await expect.poll(() => signedRow.first().locator('[data-status]').getAttribute('data-status')).toBe('succeeded');
  const [signed] = receivedEvents('document.signed');
  expect(JSON.parse(signed!.body)).toMatchObject({ document_key: clave, document_type: '04' });

  // Redeliver: the receiver gets it again, same X-Webhook-ID and body, newly signed; the log shows attempt 2.
  await signedRow.first().getByTestId('redeliver').click();
  await expect.poll(() => receivedEvents('document.signed').length).toBe(2);
  const again = receivedEvents('document.signed')[1] as Received;
  expect(again.headers['x-webhook-id']).toBe(signed!.headers['x-webhook-id']);
  expect(again.body).toBe(signed!.body);
  expect(verifyWebhookSignature(again.body, again.headers['x-webhook-signature-v2'] as string, secret, new Date()).valid).toBe(true);
  await expect.poll(() => signedRow.count()).toBe(2);
  expect(await signedRow.first().locator('td').nth(2).textContent()).toBe('2');

  // The verdict follows (the tax-authority simulator accepts the ticket), delivered too.
  await page.getByTestId('webhook-deliveries').locator('tr[data-event="document.accepted"]').waitFor({ timeout: 30_000 });
  expect(JSON.parse(receivedEvents('document.accepted')[0]!.body)).toMatchObject({ document_key: clave, status: 'accepted' });

  // A failing receiver is reported as such; once it answers again, so is that.
  receiver.respond = status(503);
  await page.getByTestId('webhook-test').click();
  await expect.poll(() => result.getAttribute('data-successful')).toBe('false');
  expect(await result.textContent()).toMatch(/^La prueba falló: HTTP 503 · \d+ ms$/);
  receiver.respond = status(200);
  await page.getByTestId('webhook-test').click();
  await expect.poll(() => result.getAttribute('data-successful')).toBe('true');

  await e2e.screenshot('webhooks.png');
}, 120_000);
