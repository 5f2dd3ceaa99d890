/** Reading a taxpayer search: identifications written the usual ways, or names. */
import { describe, expect, it } from 'vitest';
import { readTaxpayerQuery } from '../../../src/hacienda/taxpayer-query.ts';

const id = (identification: string) => ({ kind: 'identification', identification });

describe('readTaxpayerQuery', () => {
  it('reads identifications with dashes, dots and spaces', () => {
    expect(readTaxpayerQuery('3-101-123456')).toEqual(id('3101123456'));
    expect(readTaxpayerQuery(' 1 0999 0999 ')).toEqual(id('109990999'));
    expect(readTaxpayerQuery('1.0999.0999')).toEqual(id('109990999'));
    expect(readTaxpayerQuery('155812345678')).toEqual(id('155812345678'));
    expect(readTaxpayerQuery('15581234567')).toEqual(id('15581234567'));
    expect(readTaxpayerQuery('3–101–123456')).toEqual(id('3101123456'));
  });

  it('drops the leading zero of a cédula física written 0X-XXXX-XXXX', () => {
    expect(readTaxpayerQuery('01-0999-0999')).toEqual(id('109990999'));
  });

  it('reads an alphanumeric cédula jurídica (2026) in capitals', () => {
    expect(readTaxpayerQuery('3-101-abc123')).toEqual(id('3101ABC123'));
  });

  it('reads anything else as name words in the searchable form', () => {
    expect(readTaxpayerQuery('  juan  Pérez ')).toEqual({ kind: 'name', words: ['JUAN', 'PEREZ'] });
    expect(readTaxpayerQuery('3M Costa Rica')).toEqual({ kind: 'name', words: ['3M', 'COSTA', 'RICA'] });
  });

  it('refuses empty, over-long, too short and wrongly sized queries', () => {
    expect(readTaxpayerQuery('   ')).toMatchObject({ kind: 'invalid' });
    expect(readTaxpayerQuery('x'.repeat(101))).toMatchObject({ kind: 'invalid', problem: 'At most 100 characters.' });
    expect(readTaxpayerQuery('jo')).toMatchObject({ kind: 'invalid', problem: expect.stringMatching(/at least 3/) });
    expect(readTaxpayerQuery('12345')).toMatchObject({ kind: 'invalid', problem: expect.stringMatching(/9 digits/) });
    expect(readTaxpayerQuery('1234567890123')).toMatchObject({ kind: 'invalid' });
  });
});
