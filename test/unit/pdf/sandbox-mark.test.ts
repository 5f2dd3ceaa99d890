/**
 * The sandbox mark on paper: a staging document's receipt and A4 page say "PRUEBAS — SIN VALOR FISCAL"
 * (the receipt at its head and its foot, A4 on every page), so that nobody hands a customer a test ticket as
 * a real one; a production document carries no such word. Read back with pdftotext, as a person reads it.
 */
import { describe, expect, it } from 'vitest';
import { renderDocumentPdf } from '../../../src/pdf/render-document-pdf.ts';
import { writeDocument } from '../../../src/xml/write-document.ts';
import type { DocumentTypeCode } from '../../../src/domain/document-model.ts';
import { sampleModel, type SampleVariant } from '../../fixtures/document-models.ts';
import { pdfInfo, pdfText, savePagePicture } from '../../helpers/pdf.ts';

const MARK = 'PRUEBAS — SIN VALOR FISCAL';

function render(type: DocumentTypeCode, variant: SampleVariant, environment: string, format: 'a4' | 'receipt', lang: 'es' | 'en' = 'es'): Promise<Buffer> {
  const model = sampleModel(type, variant);
  return renderDocumentPdf({ documentType: type, signedXml: Buffer.from(writeDocument(model)), status: 'accepted', haciendaMessage: null, environment }, undefined, { format, lang });
}

const count = (text: string, word: string) => text.split(word).length - 1;

describe('the PRUEBAS mark', () => {
  it('is at the head and the foot of a staging receipt, and on no production receipt', async () => {
    const staging = await render('04', 'full', 'staging', 'receipt');
    const text = pdfText(staging, true);
    expect(count(text, MARK)).toBe(2);
    expect(text).toContain('ambiente de pruebas (sandbox) de Hacienda');
    // At the head: before the consecutive, where the eye starts; at the foot: after the QR code's verdict.
    expect(text.indexOf(MARK)).toBeLessThan(text.indexOf('Consecutivo'));
    expect(text.lastIndexOf(MARK)).toBeGreaterThan(text.indexOf('Estado ante Hacienda'));
    savePagePicture(staging, 'receipt-staging');

    const production = pdfText(await render('04', 'full', 'production', 'receipt'));
    expect(production).toContain('Tiquete electrónico');
    expect(production).not.toMatch(/PRUEBAS|sandbox|pruebas/);
  });

  it('is on every page of a staging A4 document, and on no production one', async () => {
    const staging = await render('01', 'many-lines', 'staging', 'a4');
    const { pages } = pdfInfo(staging);
    expect(pages).toBeGreaterThan(1);
    // The strip in the top margin, above the issuer.
    expect(pdfText(staging, false, { x: 0, y: 0, width: 595, height: 28 }).trim()).toBe(MARK);
    expect(count(pdfText(staging), MARK)).toBe(pages + 1); // the strip on each page, the banner on the first
    expect(pdfText(await render('01', 'many-lines', 'production', 'a4'))).not.toContain('PRUEBAS');
  });

  it('speaks English on an English PDF, still naming PRUEBAS', async () => {
    const text = pdfText(await render('04', 'minimal', 'staging', 'receipt', 'en'));
    expect(text).toContain('TEST (PRUEBAS) — NO TAX VALUE');
    expect(text).toContain("tax authority's test environment (sandbox)");
  });
});
