/** What the counter's e2e tests wait on: the screen ready with the focus in its search, and the clave of a ticket just issued. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export async function counterReady(p: Page): Promise<void> {
  await p.locator('section.counter[data-ready="true"]').waitFor();
  await expect.poll(() => isFocused(p, 'search')).toBe(true);
}

export function isFocused(p: Page, testId: string): Promise<boolean> {
  return p.getByTestId(testId).evaluate((el) => el === document.activeElement);
}

/** The clave of the ticket just issued; a refusal shows in the alert, reported instead of a bare time-out. */
export async function issuedClave(p: Page): Promise<string> {
  await p.locator('[data-testid="clave"], [role="alert"]').first().waitFor({ timeout: 10_000 });
  expect(await p.locator('[role="alert"]').allInnerTexts()).toEqual([]);
  const clave = await p.getByTestId('clave').textContent();
  expect(clave).toMatch(/^506\d{47}$/);
  return clave!;
}
