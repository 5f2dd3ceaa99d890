import { describe, expect, it } from 'vitest';
import { buildClave, generateSecurityCode, padIdentification, parseClave, ClaveError } from '../../../src/domain/clave.ts';
import { buildConsecutive, parseConsecutive, ConsecutiveError } from '../../../src/domain/consecutive.ts';
import { claveDate, formatCostaRicaDateTime, parseZonedDateTime } from '../../../src/domain/costa-rica-time.ts';

describe('consecutive (NumeroConsecutivo)', () => {
  it('is branch 3 + terminal 5 + type 2 + number 10 and parses back', () => {
    const c = buildConsecutive({ branch: '1', terminal: '2', documentType: '01', number: 45 });
    expect(c).toBe('00100002010000000045');
    expect(parseConsecutive(c)).toEqual({ branch: '001', terminal: '00002', documentType: '01', number: 45 });
  });

  it('accepts the receiver-message types 05, 06 and 07', () => {
    for (const type of ['05', '06', '07'] as const) {
      expect(parseConsecutive(buildConsecutive({ branch: '001', terminal: '00001', documentType: type, number: 1 })).documentType).toBe(type);
    }
  });

  it('rejects out-of-range numbers, long branches and unknown types', () => {
    expect(() => buildConsecutive({ branch: '001', terminal: '00001', documentType: '01', number: 0 })).toThrow(ConsecutiveError);
    expect(() => buildConsecutive({ branch: '001', terminal: '00001', documentType: '01', number: 10_000_000_000 })).toThrow(ConsecutiveError);
    expect(() => buildConsecutive({ branch: '1000', terminal: '00001', documentType: '01', number: 1 })).toThrow(/branch/);
    expect(() => parseConsecutive('00100001110000000001')).toThrow(/unknown document type 11/);
    expect(() => parseConsecutive('0010000101000000000')).toThrow(/20 digits/);
  });
});

describe('clave', () => {
  const consecutive = '00100001010000000001';

  it('pads identifications to 12 per Nota 4.1', () => {
    expect(padIdentification('01', '114560789')).toBe('000114560789');
    expect(padIdentification('02', '3101123456')).toBe('003101123456');
    expect(padIdentification('03', '12345678901')).toBe('012345678901');
    expect(padIdentification('03', '123456789012')).toBe('123456789012');
    expect(padIdentification('04', '4000042149')).toBe('004000042149');
    expect(() => padIdentification('01', '3101123456')).toThrow(/9 characters/);
  });

  it('is 506 + Costa Rica DDMMYY + id + consecutive + situation + security code', () => {
    // 03:30 UTC on 21 Nov is still 20 Nov in Costa Rica (UTC-6).
    const clave = buildClave({
      issuedAt: new Date('2026-11-21T03:30:00Z'),
      identificationType: '02',
      identification: '3101123456',
      consecutive,
      situation: '3',
      securityCode: '00012345',
    });
    expect(clave).toBe('506201126003101123456' + consecutive + '3' + '00012345');
    expect(clave).toHaveLength(50);
    const parts = parseClave(clave);
    expect(parts).toMatchObject({ day: '20', month: '11', year: '26', identification: '003101123456', consecutive, situation: '3', securityCode: '00012345', alphanumeric: false });
    expect(parts.consecutiveParts.documentType).toBe('01');
  });

  it('parses the 2026 alphanumeric clave', () => {
    const clave = '50620112600310A12345B6' + consecutive.slice(1) + '1' + '87654321';
    expect(clave).toHaveLength(50);
    expect(parseClave(clave)).toMatchObject({ identification: '00310A12345B', alphanumeric: true, situation: '1' });
  });

  it('names what is wrong with a bad clave', () => {
    expect(() => parseClave('123')).toThrow(ClaveError);
    expect(() => parseClave('407' + '0'.repeat(47))).toThrow(/506/);
    expect(() => parseClave('506201126003101123456' + consecutive + '4' + '00012345')).toThrow(/situation/);
    expect(() => parseClave('506201126003101123456' + '00100001990000000001' + '1' + '00012345')).toThrow(/consecutive/);
  });

  it('draws 8-digit security codes from the injected source, rejecting biased values', () => {
    const queue = [Uint8Array.from([0xff, 0xff, 0xff, 0xff]), Uint8Array.from([0, 0, 0x30, 0x39])];
    expect(generateSecurityCode(() => queue.shift()!)).toBe('00012345');
    const codes = new Set(Array.from({ length: 200 }, () => generateSecurityCode()));
    for (const code of codes) expect(code).toMatch(/^\d{8}$/);
    expect(codes.size).toBeGreaterThan(190);
  });
});

describe('Costa Rica time', () => {
  it('formats instants at -06:00 and takes the local date for the clave', () => {
    const instant = new Date('2026-01-01T05:59:59Z');
    expect(formatCostaRicaDateTime(instant)).toBe('2025-12-31T23:59:59-06:00');
    expect(claveDate(instant)).toBe('311225');
  });

  it('requires a time zone and a real calendar date', () => {
    expect(parseZonedDateTime('2026-03-15T10:30:00-06:00')?.toISOString()).toBe('2026-03-15T16:30:00.000Z');
    expect(parseZonedDateTime('2026-03-15T10:30:00Z')?.toISOString()).toBe('2026-03-15T10:30:00.000Z');
    expect(parseZonedDateTime('2026-03-15T10:30:00')).toBeUndefined();
    expect(parseZonedDateTime('2026-02-31T10:30:00Z')).toBeUndefined();
    expect(parseZonedDateTime('yesterday')).toBeUndefined();
  });
});
