/**
 * A shift's Z report on thermal paper (src/printing/shift-report-escpos.ts), decoded back from the bytes by the
 * test printer's decoder: on 58 mm paper every line fits its 32 columns, the figures are the report's, the
 * accents survive the code page, money going out carries its sign, and the paper is cut with no drawer pulse.
 */
import { describe, expect, it } from 'vitest';
import { renderPrintJob } from '../../../src/printing/print-job.ts';
import { shiftFigures } from '../../../src/tills/shift-figures.ts';
import { readCashCount } from '../../../src/tills/cash-count.ts';
import { decodeEscpos } from '../../helpers/escpos-decode.ts';

const report = shiftFigures({
  kind: 'Z',
  shifts: [{ id: 4, branch: '001', terminal: '00002', environment: 'staging', opened_at: '2026-11-27T14:00:00.000Z', closed_at: '2026-11-27T23:30:00.000Z', opened_by: { id: 1, name: 'María José Rodríguez' }, closed_by: { id: 1, name: 'María José Rodríguez' } }],
  date: null,
  generatedAt: '2026-11-27T23:30:00.000Z',
  openingFloat: '25000',
  documents: [
    { id: 1, clave: 'c1', consecutive: '00100002040000000001', documentType: '04', status: 'accepted', issuedAt: '2026-11-27T09:00:00-06:00', currency: 'CRC', exchangeRate: null, totalAmount: '123456.78000', payments: [{ method: '01', amount: '123456.78000' }], cashierId: 1, approvedBy: null, voidsConsecutive: null },
    { id: 2, clave: 'c2', consecutive: '00100002030000000001', documentType: '03', status: 'accepted', issuedAt: '2026-11-27T10:00:00-06:00', currency: 'CRC', exchangeRate: null, totalAmount: '1130.00000', payments: [{ method: '01', amount: '1130.00000' }], cashierId: 1, approvedBy: 2, voidsConsecutive: '00100002040000000001' },
  ],
  vatLines: [],
  movements: [{ id: 1, shiftId: 4, kind: 'out', amount: '5000', reason: 'Pago de café para la oficina', cashierId: 1, createdAt: '2026-11-27T15:00:00.000Z' }],
  count: readCashCount({ cash: { amount: '142300' } }),
  names: new Map([[1, 'María José Rodríguez'], [2, 'Jorge']]),
});

describe('the Z report on paper', () => {
  const rendered = renderPrintJob({ kind: 'shift-report', report, organization: 'Pulpería La Esquina', paper: '58mm', codepage: 'cp850', colon: 'cent', lang: 'es' });
  if (!rendered.ok) throw new Error('not rendered');
  const job = decodeEscpos(rendered.bytes);
  const text = job.text.join('\n');

  it('fits 58 mm paper', () => {
    expect(job.text.filter((line) => line.length > 32)).toEqual([]);
  });

  it('prints the figures, with the accents and the signs', () => {
    // 25 000 + 123 456.78 − 1 130 − 5 000 = 142 326.78 expected; 142 300 counted
    expect(text).toMatch(/Esperado +¢142,326\.78/);
    expect(text).toMatch(/Diferencia +-¢26\.78/);
    expect(text).toMatch(/Devoluciones en efectivo\s+-¢1,130\.00/);
    expect(text).toContain('María José Rodríguez');
    expect(text).toContain('Anulaciones');
    expect(text).toContain('Autorizó: Jorge');
    expect(text).toMatch(/Salida: Pago de café +-¢5,000\.00/);
    expect(text).toContain('030000000001 anula 040000000001');
  });

  it('is cut, and opens no drawer', () => {
    expect(job.commands.some((c) => c.type === 'cut')).toBe(true);
    expect(job.commands.some((c) => c.type === 'drawer')).toBe(false);
  });
});
