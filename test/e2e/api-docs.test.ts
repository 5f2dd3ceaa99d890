/**
 * The API's documentation page (/api/v1/docs, swagger-ui) under its own Content-Security-Policy (issue 12,
 * Security 9): it still loads and shows the operations in Chromium, and the policy blocks nothing it needs.
 */
import { expect, it } from 'vitest';
import { useE2eSession } from './session.ts';

const e2e = useE2eSession({ signIn: false });

it('swagger-ui loads the operations with the docs page\'s CSP and nothing is blocked', async () => {
  const violations: string[] = [];
  e2e.page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const answer = await e2e.page.goto(`${e2e.t.url}/api/v1/docs`);
  expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await e2e.page.locator('.swagger-ui .info .title').filter({ hasText: 'Facturador API' }).waitFor({ timeout: 15_000 });
  // Tags start folded (docExpansion none: with every tag open, swagger-ui stops drawing after a few of ~160
  // operations); opening one shows its operations.
  expect(await e2e.page.locator('.opblock-tag').count()).toBeGreaterThan(20);
  await e2e.page.locator('.opblock-tag[data-tag="documents"]').click();
  await e2e.page.locator('.opblock-summary-path', { hasText: '/api/v1/electronic-documents' }).first().waitFor({ timeout: 15_000 });
  await e2e.screenshot('api-docs.png');
  expect(violations).toEqual([]);
});
