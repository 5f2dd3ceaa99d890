/** The close's count (renderer/tills/cash-count.ts): notes and coins to colones, the other methods, what is sent, over and short. */
import { describe, expect, it } from 'vitest';
import { balanceOf, cashCounted, closeCounts, countProblem, difference, DENOMINATIONS, pieceCount, typedAmount, type CountDraft } from '../../../renderer/tills/cash-count.ts';

const draft = (patch: Partial<CountDraft>): CountDraft => ({ pieces: {}, card: '', sinpe_movil: '', transfer: '', ...patch });

describe('cash count', () => {
  it('has the colón notes and coins, largest first', () => {
    expect(DENOMINATIONS).toEqual(['20000', '10000', '5000', '2000', '1000', '500', '100', '50', '25', '10', '5']);
  });

  it('sums each denomination times its count, exactly', () => {
    // 2 × 20000 + 1 × 5000 + 3 × 1000 + 7 × 500 + 4 × 25 + 1 × 5 = 51605
    expect(cashCounted({ '20000': '2', '5000': '1', '1000': '3', '500': '7', '25': '4', '5': '1' })).toBe('51605');
    expect(cashCounted({})).toBe('0');
    expect(cashCounted({ '10000': ' 12 ', '100': '' })).toBe('120000');
  });

  it('refuses a count that is not whole pieces, and says which box', () => {
    expect(pieceCount('1.5')).toBeNull();
    expect(pieceCount('-1')).toBeNull();
    expect(pieceCount('tres')).toBeNull();
    // The server's limit (src/tills/cash-count.ts): 100 000 pieces of one denomination, not a digit more.
    expect(pieceCount('100000')).toBe(100_000);
    expect(pieceCount('100001')).toBeNull();
    expect(countProblem(draft({ pieces: { '5': '999999' } }))).toBe('piece-5');
    expect(cashCounted({ '2000': '2', '50': '1,5' })).toBeNull();
    expect(countProblem(draft({ pieces: { '50': 'x' } }))).toBe('piece-50');
    expect(countProblem(draft({ card: '1.000' }))).toBe('card'); // a thousand, or one? refused, never guessed
    expect(countProblem(draft({ pieces: { '1000': '4' }, card: '15000', sinpe_movil: '2500,50' }))).toBeUndefined();
  });

  it('reads the card, SINPE Móvil and transfer amounts as the counter does; empty is zero', () => {
    expect(typedAmount('')).toBe('0');
    expect(typedAmount('2500,50')).toBe('2500.50');
    expect(typedAmount('12 500')).toBe('12500');
    expect(typedAmount('abc')).toBeNull();
  });

  it('sends the denominations counted (none typed left out) and the other methods', () => {
    expect(closeCounts(draft({ pieces: { '20000': '1', '500': '0', '5': '3' }, card: '8000', transfer: '1500.5' }))).toEqual({
      cash: { denominations: { '20000': 1, '5': 3 } },
      card: '8000',
      sinpe_movil: '0',
      transfer: '1500.5',
    });
  });

  it('tells over from short: counted less expected', () => {
    expect(difference('51605', '52105')).toBe('-500');
    expect(balanceOf(difference('51605', '52105'))).toBe('short');
    expect(balanceOf(difference('10000.00', '10000'))).toBe('even');
    expect(balanceOf(difference('10025', '10000'))).toBe('over');
  });
});
