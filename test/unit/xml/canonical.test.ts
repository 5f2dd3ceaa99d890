/**
 * The writer's output is already in exclusive canonical form: xml-crypto's ExclusiveCanonicalization
 * maps every generated document (its document element) to the very bytes after the declaration.
 */
import { describe, expect, it } from 'vitest';
import { ROOT_BY_TYPE } from '../../../src/xml/roots.ts';
import { writeDocument } from '../../../src/xml/write-document.ts';
import { writeReceiverMessage } from '../../../src/xml/write-receiver-message.ts';
import { DOCUMENT_TYPES, SAMPLE_VARIANTS, sampleModel, sampleReceiverMessage } from '../../fixtures/document-models.ts';
import { excC14n, XML_DECLARATION } from './support.ts';

const documents = [
  ...DOCUMENT_TYPES.flatMap((type) =>
    SAMPLE_VARIANTS.map((variant) => ({ name: `${type}/${variant}`, xml: writeDocument(sampleModel(type, variant)) })),
  ),
  ...(['1', '2', '3'] as const).map((m) => ({ name: `MR/${m}`, xml: writeReceiverMessage(sampleReceiverMessage(m)) })),
];

describe('canonical form by construction', () => {
  it.each(documents)('$name: exc-c14n(document) equals the bytes after the declaration', ({ xml }) => {
    expect(xml.startsWith(XML_DECLARATION)).toBe(true);
    expect(excC14n(xml)).toBe(xml.slice(XML_DECLARATION.length));
  });

  it.each(DOCUMENT_TYPES)('type %s: declaration directly followed by the root and its one namespace', (type) => {
    const xml = writeDocument(sampleModel(type, 'full'));
    const root = ROOT_BY_TYPE[type];
    const ns = `https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/${root[0]!.toLowerCase()}${root.slice(1)}`;
    expect(xml.startsWith(`${XML_DECLARATION}<${root} xmlns="${ns}"><Clave>`)).toBe(true);
    expect(xml.endsWith(`</${root}>`)).toBe(true);
    expect(xml.match(/xmlns/g)).toHaveLength(1);
    expect(xml).not.toMatch(/>\s+</); // no whitespace between elements
    expect(xml).not.toMatch(/\/>/); // no self-closing tags
  });

  it('the unicode fixture keeps its characters literal and escapes exactly what C14N escapes', () => {
    const xml = writeDocument(sampleModel('01', 'unicode'));
    expect(xml).toContain(`Café &amp; Té &lt;ñandú&gt; "₡" 'é' 😀`);
    expect(xml).toContain('Avenida 7, calle 9 — Café &amp; Té &lt;ñandú&gt; "₡" \'é\' 😀&#xD;\nEdificio azul');
    expect(xml).toContain('<OtroTexto codigo="c&amp;&quot;&lt;&#x9;&#xA;">');
    expect(excC14n(xml)).toBe(xml.slice(XML_DECLARATION.length));
  });

  it('characters an XML 1.1-style parser would rewrite (U+0085, U+2028) stay literal and canonical', () => {
    const model = sampleModel('04', 'minimal');
    model.lines[0]!.description = 'Línea\u2028separada\u0085NEL\tTab';
    const xml = writeDocument(model);
    expect(xml).toContain('<Detalle>Línea\u2028separada\u0085NEL\tTab</Detalle>');
    expect(excC14n(xml)).toBe(xml.slice(XML_DECLARATION.length));
  });
});
