/** Code fields of an imported document are checked with the request reader's formats, whoever signed it. */
import { describe, expect, it } from 'vitest';
import { classifyFile } from '../../../src/archive/import-file.ts';
import { foreignDocument } from '../../fixtures/archive-documents.ts';

const ORG = '3101123456';
const edited = (n: number, from: RegExp, to: string) => foreignDocument(n, { editXml: (xml) => xml.replace(from, to) }).xml;

describe('code fields of an imported document', () => {
  it('refuses codes that do not have their format, naming the field', () => {
    const cases: [Buffer, RegExp][] = [
      [edited(1, /<CodigoCABYS>\d+</, '<CodigoCABYS>=HYPERLINK("http://x")<'), /CodigoCABYS "=HYPERLINK.*13 dígitos/],
      [edited(2, /<NumeroConsecutivo>\d+</, '<NumeroConsecutivo>@SUM(1+1)<'), /NumeroConsecutivo "@SUM\(1\+1\)"/],
      [edited(3, /<CodigoActividadEmisor>[^<]+</, '<CodigoActividadEmisor>+cmd<'), /CodigoActividadEmisor "\+cmd"/],
      [edited(4, /<CodigoMoneda>CRC</, '<CodigoMoneda>-1+1<'), /CodigoMoneda "-1\+1"/],
      [edited(5, /(<Receptor>[\s\S]*?<Numero>)\d+</, '$1=1+1<'), /Receptor\/Identificacion\/Numero "=1\+1"/],
    ];
    for (const [bytes, reason] of cases) expect(classifyFile(bytes, ORG), reason.source).toMatchObject({ kind: 'problem', reason: expect.stringMatching(reason) });
  });

  it('refuses a consecutive that is not the one inside the clave', () => {
    const doc = edited(6, /<NumeroConsecutivo>(\d{10})\d{10}</, '<NumeroConsecutivo>$19999999999<');
    expect(classifyFile(doc, ORG)).toMatchObject({ kind: 'problem', reason: expect.stringMatching(/is not the one in its Clave/) });
  });
});
