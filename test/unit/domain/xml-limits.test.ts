/** The pre-scan that keeps hostile XML away from the DOM parser: quick, and silent on real documents. */
import { describe, expect, it } from 'vitest';
import { xmlLimitProblem, UNTRUSTED_XML_LIMITS } from '../../../src/domain/xml-limits.ts';
import { foreignDocument, signedAnswer } from '../../fixtures/archive-documents.ts';

describe('xmlLimitProblem', () => {
  it('passes real signed documents and answers', () => {
    const doc = foreignDocument(1);
    expect(xmlLimitProblem(doc.xml)).toBeUndefined();
    expect(xmlLimitProblem(signedAnswer(doc.clave).toString())).toBeUndefined();
  });

  it('refuses size, element count and depth beyond the limits, quickly', () => {
    const started = performance.now();
    expect(xmlLimitProblem(Buffer.alloc(3 * 1024 * 1024, 0x20))).toMatch(/3072 KB.*2048 KB/);
    expect(xmlLimitProblem(`<a>${'<b/>'.repeat(400_000)}</a>`)).toMatch(/more than 60000 elements/);
    expect(xmlLimitProblem(`${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`)).toMatch(/more than 48 levels/);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('counts only elements: comments, CDATA, instructions and quoted > do not fool it', () => {
    const limits = { ...UNTRUSTED_XML_LIMITS, maxElements: 3, maxDepth: 2 };
    expect(xmlLimitProblem('<?xml version="1.0"?><!-- <x><x><x> --><a b="1>2"><c><![CDATA[<d><d><d>]]></c><e/></a>', limits)).toBeUndefined();
    expect(xmlLimitProblem('<a><c><d/></c></a>', limits)).toBeUndefined();
    expect(xmlLimitProblem('<a><c><d></d></c></a>', limits)).toMatch(/2 levels/);
    expect(xmlLimitProblem('<a><c/><d/><e/></a>', limits)).toMatch(/3 elements/);
  });
});

describe('readers of untrusted XML', () => {
  it('refuse it before building a DOM: the reader, the verifier and the tax-authority answer reader', async () => {
    const { readDocument } = await import('../../../src/xml/read-document.ts');
    const { verifyXml } = await import('../../../src/signing/verify.ts');
    const { readHaciendaMessage } = await import('../../../src/hacienda/hacienda-message.ts');
    const deep = `<MensajeHacienda xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/mensajeHacienda">${'<a>'.repeat(50_000)}</MensajeHacienda>`;
    const started = performance.now();
    expect(() => readDocument(deep)).toThrow(/more than 48 levels/);
    expect(verifyXml(deep)).toMatchObject({ valid: false, problems: [expect.stringMatching(/more than 48 levels/)] });
    expect(() => readHaciendaMessage(deep)).toThrow(/more than 48 levels/);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
