/** The counter's keys: what each does, and a help that lists every one of them. */
import { expect, it } from 'vitest';
import { actionOf, FUNCTION_KEYS, KEY_HELP } from '../../../renderer/counter/keys.ts';
import { receiptUrl } from '../../../renderer/counter/print.ts';

const press = (key: string, mods: { ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean } = {}) => actionOf({ key, ctrlKey: false, altKey: false, metaKey: false, ...mods });

it('maps the function keys and Ctrl+Enter, and leaves modified F-keys to the system', () => {
  expect(press('F5')).toEqual({ pay: 'cash' });
  expect(press('F9')).toBe('issue');
  expect(press('Enter', { ctrlKey: true })).toBe('issue');
  expect(press('Enter')).toBeUndefined();
  expect(press('F4', { altKey: true })).toBeUndefined(); // Alt+F4 closes the window
  expect(press('a')).toBeUndefined();
});

it('lists every function key in the help', () => {
  const listed = KEY_HELP.flatMap(([keys]) => keys.split(' · '));
  for (const key of Object.keys(FUNCTION_KEYS)) expect(listed).toContain(key);
});

it('asks the server for the 80 mm receipt of the ticket, inline, in the screen language', () => {
  const url = new URL(receiptUrl('50601', 'en'), 'http://x');
  expect(url.pathname).toBe('/api/v1/documents/50601/pdf');
  expect(Object.fromEntries(url.searchParams)).toEqual({ format: 'receipt', lang: 'en', disposition: 'inline' });
});
