/**
 * Words a printed receipt adds to the PDF receipt's (src/pdf/labels.ts keeps those): who sold, the reprint
 * mark, and the printer's test page. Spanish first: the shops are Costa Rican.
 */
import type { Language } from '../i18n/validation-messages.ts';

export interface PrintWords {
  cashier: string;
  /** Printed large on a reprint: the customer already has the original. */
  copy: string;
  testTitle: string;
  testPrinter: string;
  testDate: string;
  testLetters: string;
  testColumns: string;
  testQr: string;
  testEnd: string;
}

const WORDS: Readonly<Record<Language, PrintWords>> = {
  es: {
    cashier: 'Cajero',
    copy: 'COPIA',
    testTitle: 'Página de prueba',
    testPrinter: 'Impresora',
    testDate: 'Fecha',
    testLetters: 'Letras',
    testColumns: 'Columnas',
    testQr: 'Código QR',
    testEnd: 'Si lee esto, la impresora funciona.',
  },
  en: {
    cashier: 'Cashier',
    copy: 'COPY',
    testTitle: 'Test page',
    testPrinter: 'Printer',
    testDate: 'Date',
    testLetters: 'Letters',
    testColumns: 'Columns',
    testQr: 'QR code',
    testEnd: 'If you can read this, the printer works.',
  },
};

export function printWords(lang: Language): PrintWords {
  return WORDS[lang];
}
