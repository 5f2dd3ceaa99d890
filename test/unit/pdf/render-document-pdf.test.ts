/**
 * The PDF renderer, read back with poppler's pdftotext and pdfinfo: both layouts for every document type,
 * the content the annex and the issue ask for (type, clave and consecutive together, parties, lines,
 * taxes per rate, totals, payments, verdict, QR), ₡ and accented letters in the bundled font, English,
 * and branding. Pictures of the first pages land in .tmp/pdf-screens/ to look at.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { PdfNotAvailableError, renderDocumentPdf, type StoredDocument } from '../../../src/pdf/render-document-pdf.ts';
import type { PdfBranding } from '../../../src/pdf/view-model.ts';
import { resourcePath } from '../../../src/paths.ts';
import { DOCUMENT_TYPES as NAMES } from '../../../src/domain/codes.ts';
import type { DocumentModel, DocumentTypeCode } from '../../../src/domain/document-model.ts';
import { writeDocument } from '../../../src/xml/write-document.ts';
import { writeReceiverMessage } from '../../../src/xml/write-receiver-message.ts';
import { DOCUMENT_TYPES, sampleModel, sampleReceiverMessage, type SampleVariant } from '../../fixtures/document-models.ts';
import { pdfInfo, pdfText, savePagePicture } from '../../helpers/pdf.ts';

/** fontkit reads fonts for react-pdf (a dependency of @react-pdf/font, without type declarations). */
const fontkit = createRequire(import.meta.url)('fontkit') as { openSync(path: string): { hasGlyphForCodePoint(codePoint: number): boolean } };

function stored(model: DocumentModel, overrides: Partial<StoredDocument> = {}): StoredDocument {
  return { documentType: model.type, signedXml: Buffer.from(writeDocument(model)), status: 'accepted', haciendaMessage: 'Este comprobante fue aceptado.', environment: 'production', ...overrides };
}

async function render(type: DocumentTypeCode, variant: SampleVariant, options: { format?: 'a4' | 'receipt'; lang?: 'es' | 'en'; branding?: PdfBranding; doc?: Partial<StoredDocument> } = {}): Promise<Buffer> {
  return renderDocumentPdf(stored(sampleModel(type, variant), options.doc), options.branding, { format: options.format, lang: options.lang ?? 'es' });
}

/** Runs of spaces collapsed, so that a label and its value read as `label value` whatever the columns. */
const squeeze = (text: string): string => text.replace(/[ \t]+/g, ' ');
/** All white space collapsed: a long name wrapped over two lines reads whole. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');

describe('the bundled font', () => {
  it('has the colón sign and the accented letters of Spanish, and is the only font the PDF embeds', async () => {
    for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
      const font = fontkit.openSync(resourcePath('fonts', file));
      for (const char of '₡áéíóúÁÉÍÓÚñÑüÜ¿¡º') expect(font.hasGlyphForCodePoint(char.codePointAt(0)!), `${file} ${char}`).toBe(true);
    }
    const fonts = execFileSync('pdffonts', ['-'], { input: await render('01', 'full') }).toString();
    expect(fonts).toMatch(/DejaVuSans\s/);
    expect(fonts).toMatch(/DejaVuSans-Bold/);
    expect(fonts).not.toMatch(/Helvetica/);
  });
});

describe('A4 layout', () => {
  it('prints type, consecutive and clave together, the parties, lines, taxes per rate, totals, payments and verdict', async () => {
    const model = sampleModel('01', 'full');
    const pdf = await render('01', 'full');
    expect(pdfInfo(pdf)).toMatchObject({ pages: 1, width: 595.28, height: 841.89 });
    // Nota 1 of the annex: the three in one box (the top right corner of the page), one after the other.
    const box = pdfText(pdf, false, { x: 290, y: 20, width: 290, height: 110 });
    expect(box).toMatch(new RegExp(`^Factura electrónica\\s+Consecutivo\\s+${model.consecutive}\\s+Clave\\s+${model.clave}\\s+Fecha de emisión`));
    const columns = squeeze(pdfText(pdf, true));
    for (const expected of [
      'Soluciones Tecnológicas del Valle', 'Cédula jurídica 3101123456', 'Receptor: María José Núñez Rojas', 'Cédula física 114520789',
      'Condición de venta Crédito', 'Plazo de crédito (días) 30', 'Moneda CRC', 'Actividad económica 620100',
      'Consultoría en sistemas 2 Sp ₡50,000.00 ₡10,000.00 13% ₡90,000.00', 'Código: 8399000000000',
      'Total venta ₡173,751.50', 'Descuentos ₡10,000.00', 'Venta neta ₡163,751.50', 'IVA Tarifa general 13% ₡17,647.70', 'IVA Tarifa Exenta ₡0.00',
      'Total del comprobante ₡190,399.20', 'Tarjeta: ₡190,399.20', 'Impuesto de servicio 10 %: ₡9,000.00',
      'Orden de compra OC-2026-0042 (14/03/2026 09:00)', 'Entregar en bodega 3', 'Fecha de emisión', '15/03/2026 10:30',
      'Aceptado por el Ministerio de Hacienda', 'Este comprobante fue aceptado.', 'Representación impresa de un comprobante electrónico', 'Página 1 / 1',
    ]) expect(columns).toContain(expected);
    expect(columns).not.toContain('PRUEBAS');
    savePagePicture(pdf, 'a4-factura');
  });

  it('repeats the table head, the QR foot and the page number on every page of a long document', async () => {
    const pdf = await render('01', 'many-lines');
    const { pages } = pdfInfo(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(pdf);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Página ${page} / ${pages}`);
    expect(text.match(/Precio/g)).toHaveLength(pages);
    expect(text.match(/Representación impresa/g)).toHaveLength(pages);
  });

  it('prints every document type with its own name', async () => {
    for (const type of DOCUMENT_TYPES) {
      const model = sampleModel(type, 'minimal');
      const text = flat(pdfText(await render(type, 'minimal', { format: 'a4' })));
      expect(text, type).toContain(NAMES[type].nameEs);
      expect(text, type).toContain(model.clave);
      expect(text, type).toContain(model.issuer.name);
    }
  });
});

describe('80 mm receipt layout', () => {
  it('is one page 80 mm wide, as long as its content, with the clave on one line', async () => {
    const model = sampleModel('04', 'full');
    const pdf = await render('04', 'full', { format: 'receipt' });
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(info.width).toBeCloseTo((80 / 25.4) * 72, 1);
    expect(info.height).toBeGreaterThan(400);
    const text = squeeze(pdfText(pdf, true));
    expect(text).toContain(model.clave);
    for (const expected of ['Tiquete electrónico', `Consecutivo ${model.consecutive}`, 'Total del comprobante ₡', 'Medios de pago', 'Aceptado por el Ministerio de Hacienda']) expect(text).toContain(expected);
    savePagePicture(pdf, 'receipt-tiquete');
  });

  it('is the default of tickets; the other types default to A4', async () => {
    expect(pdfInfo(await render('04', 'minimal')).width).toBeCloseTo(226.77, 1);
    expect(pdfInfo(await render('01', 'minimal')).width).toBeCloseTo(595.28, 1);
    expect(pdfInfo(await render('01', 'minimal', { format: 'receipt' })).width).toBeCloseTo(226.77, 1);
  });
});

describe('language, currency, state and branding', () => {
  it('prints English labels with lang=en; the XML\'s own texts stay as written', async () => {
    const text = squeeze(pdfText(await render('01', 'full', { lang: 'en' }), true));
    for (const expected of ['Electronic invoice', 'Consecutive number', 'Key (clave)', 'Issue date', 'Receiver: María José Núñez Rojas', 'Corporate ID 3101123456',
      'Sale condition Credit', 'Unit price', 'Sales total ₡173,751.50', 'VAT general 13% ₡17,647.70', 'Document total ₡190,399.20', 'Card: ₡190,399.20',
      'Accepted by the tax authority', 'Printed representation of an electronic tax document', 'Consultoría en sistemas']) expect(text).toContain(expected);
    expect(text).not.toContain('Factura electrónica');
  });

  it('writes other currencies with their sign and the exchange rate in colones', async () => {
    const model = sampleModel('01', 'usd');
    const text = squeeze(pdfText(await render('01', 'usd'), true));
    expect(text).toContain('Moneda USD');
    expect(text).toContain(`Tipo de cambio ₡${model.summary.exchangeRate.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
    expect(text).toMatch(/Total del comprobante \$[\d,]+\.\d\d/);
  });

  it('says where the document stands, and marks staging documents as tests', async () => {
    const queued = squeeze(pdfText(await render('01', 'minimal', { doc: { status: 'queued', haciendaMessage: 'connect ECONNREFUSED', environment: 'staging' } }), true));
    expect(queued).toContain('Pendiente de envío al Ministerio de Hacienda');
    expect(queued).not.toContain('ECONNREFUSED');
    expect(queued).toContain('PRUEBAS — SIN VALOR FISCAL');
    const rejected = squeeze(pdfText(await render('04', 'minimal', { doc: { status: 'rejected', haciendaMessage: 'La clave no corresponde.' } }), true));
    expect(rejected).toContain('Rechazado por el Ministerio de Hacienda');
    expect(rejected).toContain('La clave no corresponde.');
    expect(squeeze(pdfText(await render('04', 'minimal', { doc: { status: 'processing', haciendaMessage: null } }), true))).toContain('En validación por el Ministerio de Hacienda');
  });

  it('draws the logo, uses the colour and prints the footer', async () => {
    const logo = await QRCode.toBuffer('TecnoValle', { margin: 1, scale: 4 });
    const branding: PdfBranding = { color: '#C2185B', footer: 'Gracias por preferirnos — ¡vuelva pronto!', logo, logoMime: 'image/png' };
    for (const format of ['a4', 'receipt'] as const) {
      const pdf = await render('01', 'full', { format, branding });
      expect(pdfText(pdf), format).toContain('Gracias por preferirnos — ¡vuelva pronto!');
      const images = execFileSync('pdfimages', ['-list', '-'], { input: pdf }).toString().trim().split('\n').slice(2);
      expect(images.length, format).toBeGreaterThanOrEqual(1);
      savePagePicture(pdf, `${format}-branding`);
    }
  });

  it('has no PDF for a receiver message', async () => {
    const xml = Buffer.from(writeReceiverMessage(sampleReceiverMessage('1')));
    await expect(renderDocumentPdf({ documentType: '05', signedXml: xml, status: 'accepted', haciendaMessage: null, environment: 'staging' }, undefined, { lang: 'es' })).rejects.toBeInstanceOf(PdfNotAvailableError);
  });
});
