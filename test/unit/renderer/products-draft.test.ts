/** The product form's rules without a DOM: a saved price back in the form, a CABYS code picked, what is sent. */
import { describe, expect, it } from 'vitest';
import { applyCabys, draftOf, draftProblems, emptyDraft, inputOf, typedPrice } from '../../../renderer/products/draft.ts';
import type { Product } from '../../../renderer/products/types.ts';

const RATES = [{ code: '01', name: '0%', rate: 0 }, { code: '02', name: '1%', rate: 1 }, { code: '08', name: 'general 13%', rate: 13 }, { code: '10', name: 'exempt', rate: 0 }];

const saved: Product = {
  id: 7, code: 'EMP-01', barcode: null, description: 'Empanada', cabys_code: '2343000000000', unit: 'Unid', price: '1200.5', currency: 'CRC', tax_code: '01',
  tax_rate_code: '08', tax_rate: '13', is_active: true, price_includes_vat: true, created_at: '', updated_at: '',
};

describe('products draft', () => {
  it('puts a saved price back with the language decimal mark, never as an ambiguous "1,125"', () => {
    expect(typedPrice('1200.5', 'es')).toBe('1200,5');
    expect(typedPrice('1200.5', 'en')).toBe('1200.5');
    expect(typedPrice('1.125', 'es')).toBe('1,1250');
    expect(typedPrice('1000', 'es')).toBe('1000');
    // What the form shows is read back as the same price.
    expect(inputOf(draftOf({ ...saved, price: '1.125' }, 'es')).price).toBe('1.1250');
  });

  it('refuses a price that two habits read differently, before asking the server', () => {
    const draft = { ...draftOf(saved, 'es'), price: '1.200' };
    expect(draftProblems(draft).price).toBe('ambiguous');
    expect(draftProblems({ ...draft, price: '' }).price).toBe('required');
    expect(draftProblems({ ...draft, price: '1200,50' })).toEqual({});
    expect(inputOf({ ...draft, price: '1200,50' }).price).toBe('1200.50');
  });

  it('takes the VAT rate and the unit of a picked CABYS code, keeping a unit the shopkeeper chose', () => {
    const picked = applyCabys(emptyDraft(), { code: '2211001010000', description_9: 'Leche', tax_rate: 1 }, RATES);
    expect(picked).toMatchObject({ cabys_code: '2211001010000', cabys_description: 'Leche', tax_rate_code: '02', unit: 'Unid' });
    expect(applyCabys(picked, { code: '8311200000000', description_9: 'Consultoría', tax_rate: 13 }, RATES)).toMatchObject({ unit: 'Sp', tax_rate_code: '08' });
    expect(applyCabys({ ...picked, unit: 'L' }, { code: '2211001010000', description_9: 'Leche', tax_rate: 0 }, RATES)).toMatchObject({ unit: 'L', tax_rate_code: '01' });
  });

  it('sends price_includes_vat only with the plain VAT, and every member for a replace', () => {
    const draft = { ...emptyDraft(), code: ' A1 ', description: 'Algo', cabys_code: '2211001010000', unit: 'Unid', price: '1000' };
    expect(draft.price_includes_vat).toBe(true); // a shop's shelf price includes VAT…
    expect(emptyDraft(false).price_includes_vat).toBe(false); // …unless the shop's setting says otherwise
    expect(inputOf(draft)).toEqual({
      code: 'A1', barcode: null, description: 'Algo', cabys_code: '2211001010000', unit: 'Unid', price: '1000', currency: 'CRC',
      tax_code: '01', tax_rate_code: '08', is_active: true, price_includes_vat: true,
    });
    expect(inputOf({ ...draft, tax_code: '02' })).toMatchObject({ tax_rate_code: null, price_includes_vat: false });
  });
});
