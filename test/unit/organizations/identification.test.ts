/** A saved organization or recipient has the identification format documents require (Nota 4), so it can issue. */
import { describe, expect, it } from 'vitest';
import { identificationProblem } from '../../../src/organizations/identification.ts';

describe('identifications of organizations and recipients', () => {
  it('refuses a física or DIMEX with a leading zero, as documents do', () => {
    expect(identificationProblem('01', '014560789')).toMatch(/does not start with 0/);
    expect(identificationProblem('03', '01234567890')).toMatch(/does not start with 0/);
    expect(identificationProblem('01', '114560789')).toBeUndefined();
    expect(identificationProblem('02', '3101ABC123')).toBeUndefined();
  });
});
