/** Live totals: the engine's answer for the newest draft only, nothing when the draft is not valid. */
import { expect, it } from 'vitest';
import { createTotalsStore } from '../../../renderer/counter/totals.ts';
import type { DraftCheck } from '../../../renderer/api/draft-check.ts';

const valid = (total: number): DraftCheck => ({
  valid: true,
  totals: { total, total_sales: total - 51, total_net_sales: total - 351, total_discount: 300, total_taxes: 351 },
  lines: [{ line_number: 1, subtotal: total - 351, discount: 300, tax: 351, total }],
});

it('keeps the newest draft answer even when an older one arrives last', async () => {
  const answers: Array<(check: DraftCheck) => void> = [];
  const store = createTotalsStore({ validate: () => new Promise<DraftCheck>((resolve) => answers.push(resolve)) });
  const first = store.getState().refresh({ n: 1 }, 'lines-1');
  const second = store.getState().refresh({ n: 2 }, 'lines-2');
  answers[1]!(valid(3051));
  await second;
  answers[0]!(valid(9999));
  await first;
  expect(store.getState()).toMatchObject({ source: 'lines-2', totals: { total: '3051', discount: '300', taxes: '351' } });
});

it('shows the server problems of an invalid draft and no total', async () => {
  const store = createTotalsStore({ validate: async () => ({ valid: false, errors: ['items.0.discount: discounts_exceed_amount'] }) });
  await store.getState().refresh({}, 'x');
  expect(store.getState()).toMatchObject({ totals: null, problems: ['items.0.discount: discounts_exceed_amount'] });
  await store.getState().refresh(null, 'empty');
  expect(store.getState()).toMatchObject({ totals: null, problems: [], source: 'empty' });
});
