/**
 * What the counter's receipt adds for the customer, read back with pdftotext: the cash handed over and the
 * change (passed with the print, not signed), the shop's phone, and "unidad(es)" instead of the code Unid.
 */
import { describe, expect, it } from 'vitest';
import { renderDocumentPdf } from '../../../src/pdf/render-document-pdf.ts';
import { displayAmount } from '../../../src/domain/amount-text.ts';
import { writeDocument } from '../../../src/xml/write-document.ts';
import { sampleModel } from '../../fixtures/document-models.ts';
import { pdfText } from '../../helpers/pdf.ts';

const model = sampleModel('04', 'full');
const flat = (text: string): string => text.replace(/\s+/g, ' ');

async function receipt(options: { cashReceived?: string; lang?: 'es' | 'en'; format?: 'receipt' | 'a4' } = {}): Promise<string> {
  const stored = { documentType: '04', signedXml: Buffer.from(writeDocument(model)), status: 'accepted', haciendaMessage: null, environment: 'production' };
  const pdf = await renderDocumentPdf(stored, undefined, { format: options.format ?? 'receipt', lang: options.lang ?? 'es', cashReceived: options.cashReceived });
  return flat(pdfText(pdf, true));
}

describe('the counter receipt', () => {
  it('prints the cash received and the change, exact to the cent', async () => {
    const received = model.summary.total.plus('1234.56').toDecimalPlaces(0); // a round amount above the total
    const text = await receipt({ cashReceived: received.toString() });
    expect(text).toContain(`Efectivo recibido ₡${displayAmount(received)}`);
    // The change is the cash less the total as printed (to the cent), so the two add up to the cash.
    const shownTotal = model.summary.total.toDecimalPlaces(2);
    expect(text).toContain(`Vuelto ₡${displayAmount(received.minus(shownTotal))}`);
    expect(await receipt({ cashReceived: received.toString(), lang: 'en' })).toMatch(/Cash received ₡[\d,.]+ Change ₡/);
  });

  it('prints no change when the cash falls short, and nothing of cash when none was given or on A4', async () => {
    const short = await receipt({ cashReceived: '1' });
    expect(short).toContain('Efectivo recibido ₡1.00');
    expect(short).not.toContain('Vuelto');
    expect(await receipt()).not.toContain('Efectivo recibido');
    expect(await receipt({ cashReceived: '999999', format: 'a4' })).not.toContain('Efectivo recibido');
  });

  it("prints the shop's phone and goods sold by the unit in words", async () => {
    const text = await receipt();
    expect(text).toContain('Teléfono: +506 22223333');
    expect(model.lines.some((line) => line.unit === 'Unid')).toBe(true);
    expect(text).toMatch(/\d unidad\(es\) × ₡/);
    expect(text).not.toMatch(/\d Unid × /);
    expect(await receipt({ lang: 'en' })).toMatch(/\d unit\(s\) × ₡/);
  });
});
