/**
 * The annex rule catalogue, rule by rule: for every rule the catalogue checks and every field format it sets,
 * a request that breaks it is refused naming the path, and its neighbour that obeys it is accepted and
 * validates against the 2026 XSD set (and the 2024 set, whose claves are numeric).
 */
import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../../src/documents/prepare-document.ts';
import { InMemoryCounter } from '../../../src/documents/numbering.ts';
import { RequestValidationError } from '../../../src/documents/request/problems.ts';
import { ANNEX_RULES } from '../../../src/documents/rules/catalogue.ts';
import { prepareReceiverMessage } from '../../../src/receiver-messages/prepare-receiver-message.ts';
import { shippedCabysCatalog } from '../../../src/catalogs/cabys-catalog.ts';
import { shippedDistrictCodes } from '../../../src/catalogs/district-codes.ts';
import { validateXsd } from '../../../src/xml/xsd-validate.ts';
import { withPlaceholderSignature } from '../../helpers/xsd.ts';
import { NOW, example, type Probe } from './probes/probe.ts';
import { HEADER_PROBES, PARTY_PROBES, SALE_PROBES } from './probes/header-parties.ts';
import { EXONERATION_PROBES, LINE_PROBES, TAX_PROBES } from './probes/lines-taxes.ts';
import { OTHER_CHARGE_PROBES, REFERENCE_PROBES, SUMMARY_PROBES } from './probes/totals-references.ts';
import { FORMAT_PROBES, HEADER_FORMAT_PROBES, NOTE_PROBES } from './probes/formats.ts';

const PROBES: Probe[] = [
  ...HEADER_PROBES, ...PARTY_PROBES, ...SALE_PROBES, ...LINE_PROBES, ...TAX_PROBES, ...EXONERATION_PROBES,
  ...OTHER_CHARGE_PROBES, ...SUMMARY_PROBES, ...REFERENCE_PROBES, ...FORMAT_PROBES, ...HEADER_FORMAT_PROBES, ...NOTE_PROBES,
];

const MESSAGE = { clave: '50625112600310112345600100001010000000001100000001', message: '3', issuer_id: '3101123456', issuer_id_type: '02', receiver_id: '114560789', receiver_id_type: '01', issue_date: '2026-11-24T09:00:00-06:00', total: 1130 };
/** Receiver-message rules are probed on POST /receptor-messages bodies. */
const MESSAGE_PROBES = [
  { rule: 'message-detail-required', path: 'message_detail', breaks: MESSAGE, obeys: { ...MESSAGE, message_detail: 'Mercadería dañada' } },
  { rule: 'message-detail-length', path: 'message_detail', breaks: { ...MESSAGE, message_detail: 'Malo' }, obeys: { ...MESSAGE, message_detail: 'Malos' } },
  { rule: 'message-clave-format', path: 'clave', breaks: { ...MESSAGE, clave: MESSAGE.clave.slice(1) }, obeys: { ...MESSAGE, message: '1' } },
  { rule: 'message-issuer-id-format', path: 'issuer_id', breaks: { ...MESSAGE, issuer_id: '3-101-123456' }, obeys: { ...MESSAGE, message: '1' } },
  { rule: 'message-receiver-id-format', path: 'receiver_id', breaks: { ...MESSAGE, receiver_id: '11456078' }, obeys: { ...MESSAGE, message: '1' } },
  { rule: 'message-activity-code-format', path: 'activity_code', breaks: { ...MESSAGE, message: '1', activity_code: '6201001' }, obeys: { ...MESSAGE, message: '1', activity_code: '620100' } },
  { rule: 'message-total-positive', path: 'total', breaks: { ...MESSAGE, message: '1', total: 0 }, obeys: { ...MESSAGE, message: '1', total: 0.01 } },
  { rule: 'note-18-tax-condition', path: 'tax_condition', breaks: { ...MESSAGE, message: '1', tax_condition: '06' }, obeys: { ...MESSAGE, message: '1', tax_condition: '05' } },
];

function issue(body: unknown) {
  return prepareDocument(body, { now: NOW, counter: new InMemoryCounter(), cabys: shippedCabysCatalog(), reference: shippedDistrictCodes() });
}

function errorsOf(build: () => unknown): Record<string, string[]> {
  try {
    build();
  } catch (err) {
    if (err instanceof RequestValidationError) return err.errors;
    throw err;
  }
  return {};
}

const ruleById = new Map(ANNEX_RULES.map((r) => [r.id, r]));
/** The words of a rule's Spanish message before its first placeholder. */
const messageStart = (id: string) => {
  const rule = ruleById.get(id);
  return rule?.kind === 'check' ? rule.message.es.split('{')[0]! : '';
};

describe('the annex rule catalogue', () => {
  it('has unique ids, and a page, a quote and an element on every entry, with es and en messages on its checks', () => {
    expect(ruleById.size).toBe(ANNEX_RULES.length);
    for (const rule of ANNEX_RULES) {
      expect(rule.page, rule.id).toBeGreaterThanOrEqual(14);
      expect(rule.page, rule.id).toBeLessThanOrEqual(83);
      expect(rule.quote.length, rule.id).toBeGreaterThan(10);
      expect(rule.element, rule.id).not.toBe('');
      if (rule.kind === 'check') expect([rule.message.es.length > 0, rule.message.en.length > 0], rule.id).toEqual([true, true]);
      if (rule.kind === 'remote') expect(rule.reason.length, rule.id).toBeGreaterThan(20);
    }
  });

  it('probes every rule it checks and every format it sets, and nothing else', () => {
    const probed = new Set([...PROBES, ...MESSAGE_PROBES].map((p) => p.rule));
    const enforced = ANNEX_RULES.filter((r) => r.kind === 'check' || r.kind === 'format').map((r) => r.id);
    expect(enforced.filter((id) => !probed.has(id)), 'rules without a probe').toEqual([]);
    expect([...probed].filter((id) => !ruleById.has(id)), 'probes of unknown rules').toEqual([]);
  });

  it.each(PROBES.map((p) => [p.rule, p] as const))('%s: a request that breaks it is refused at its path, with its message', (_id, p) => {
    const errors = errorsOf(() => issue(p.breaks));
    expect(Object.keys(errors), JSON.stringify(errors)).toContain(p.path);
    expect(errors[p.path]!.some((m) => m.startsWith(messageStart(p.rule))), JSON.stringify(errors[p.path])).toBe(true);
  });

  it.each(MESSAGE_PROBES.map((p) => [p.rule, p] as const))('%s: a receiver message that breaks it is refused at its path', (_id, p) => {
    const ctx = { now: NOW, counter: new InMemoryCounter() };
    expect(Object.keys(errorsOf(() => prepareReceiverMessage(p.breaks, ctx)))).toContain(p.path);
    expect(errorsOf(() => prepareReceiverMessage(p.obeys, ctx))).toEqual({});
  });

  it('accepts every neighbour that obeys a rule, and its XML validates against both XSD sets', async () => {
    const accepted = PROBES.map((p) => {
      const errors = errorsOf(() => issue(p.obeys));
      expect(errors, `${p.rule}: the neighbour is refused`).toEqual({});
      return { rule: p.rule, doc: issue(p.obeys) };
    });
    const xmls = accepted.map((a) => withPlaceholderSignature(a.doc.xml));
    for (const set of ['v4.4-2026-rev', 'v4.4'] as const) {
      const results = await validateXsd(xmls, set);
      results.forEach((r, i) => expect(r.errors, `${set} ${accepted[i]!.rule}`).toEqual([]));
    }
  });
});

describe('the 2026 revision', () => {
  it('issues for an alphanumeric cédula jurídica with an alphanumeric clave, valid in the 2026 set only', async () => {
    const body = example('01-factura');
    body['issuer'].id = '3101ABC123';
    const doc = issue(body);
    expect(doc.model.clave).toMatch(/^506251126003101ABC123\d{29}$/);
    const xml = withPlaceholderSignature(doc.xml);
    expect((await validateXsd([xml], 'v4.4-2026-rev'))[0]!.errors).toEqual([]);
    expect((await validateXsd([xml], 'v4.4'))[0]!.valid).toBe(false);
  });

  it('references an export invoice (type 19) with reason code 13, 14 or 15 of the 2026 tables', async () => {
    const xmls = ['13', '14', '15'].map((code) => {
      const body = example('03-nota-credito');
      body['reference'] = { document_type: '19', number: '50618112600310112345600100001090000000001100000001', date: '2026-11-18T09:00:00-06:00', code, reason: 'Corrección por error material' };
      body['items'][0].tariff_code = undefined;
      return withPlaceholderSignature(issue(body).xml);
    });
    for (const result of await validateXsd(xmls, 'v4.4-2026-rev')) expect(result.errors).toEqual([]);
  });

  it('pays with a payment receipt that references an electronic document with code 17 (REP only)', async () => {
    const body = example('10-recibo-pago');
    body['reference'].code = '17';
    expect((await validateXsd([withPlaceholderSignature(issue(body).xml)], 'v4.4-2026-rev'))[0]!.errors).toEqual([]);
    const invoice = example('01-factura');
    invoice['reference'] = { ...body['reference'] };
    expect(Object.keys(errorsOf(() => issue(invoice)))).toContain('reference.code');
  });
});
