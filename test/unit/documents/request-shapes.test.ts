/**
 * Property-based: many valid request shapes of every type (random lines, rates, discounts, exonerations,
 * currencies, split payments, texts full of characters XML must escape) all give documents that validate
 * against both XSD sets, are in exclusive canonical form, and whose totals add up.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DOMParser } from '@xmldom/xmldom';
import { ExclusiveCanonicalization } from 'xml-crypto';
import { prepareDocument, type PreparedDocument } from '../../../src/documents/prepare-document.ts';
import { InMemoryCounter } from '../../../src/documents/numbering.ts';
import { shippedCabysCatalog } from '../../../src/catalogs/cabys-catalog.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import { validateXsd } from '../../../src/xml/xsd-validate.ts';
import { sum } from '../../../src/domain/money.ts';
import { testIdentity } from '../../fixtures/certificates.ts';

const NOW = new Date('2026-11-25T18:00:00Z');
const TYPES = ['01', '02', '03', '04', '08', '09', '10'] as const;
const SERVICES = [{ cabys: '8311200000000', units: ['Sp', 'Os', 'h'] }, { cabys: '6331000000000', units: ['Os', 'Spe'] }];
const GOODS = [{ cabys: '2391102010100', units: ['Kg', 'Unid', 'G', 'D'] }, { cabys: '0111100000100', units: ['Kg', 't'] }];
const RATE_CODES = ['01', '02', '03', '04', '08', '09', '10', '11'];
const RATES: Record<string, number> = { '02': 1, '03': 2, '04': 4, '08': 13, '09': 0.5 };

const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnñopqrstuvwxyzÁÉÍÓÚáéíóúüÑ0123456789&<>"\'₡$%#/()-.,;:'.split('')), minLength: 1, maxLength: 12 });
const text = (min: number, max: number) => fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' ').slice(0, max).padEnd(min, 'x').trim().padEnd(min, 'x'));
const decimal = (maxInt: number, decimals: number) =>
  fc.tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 10 ** decimals - 1 })).map(([i, f]) => `${i}.${String(f).padStart(decimals, '0')}`);

const item = (type: string) =>
  fc.record({
    service: fc.boolean(),
    pick: fc.nat(),
    quantity: decimal(500, 3).filter((q) => Number(q) > 0),
    price: decimal(100000, 5).filter((p) => Number(p) >= 1),
    rateCode: fc.constantFrom(...RATE_CODES),
    discountShare: fc.option(fc.integer({ min: 0, max: 100 })),
    discountCode: fc.constantFrom('02', '04', '05', '06', '07', '08', '09'),
    exonerate: fc.boolean(),
    description: text(3, 200),
  }).map((g) => {
    const pool = g.service ? SERVICES : GOODS;
    const product = pool[g.pick % pool.length]!;
    const amount = Number(g.quantity) * Number(g.price);
    const line: Record<string, unknown> = {
      cabys_code: type === '10' ? undefined : product.cabys,
      quantity: g.quantity,
      unit: product.units[g.pick % product.units.length],
      description: g.description,
      price: g.price,
      tax: { type: '01', rate_code: g.rateCode },
    };
    if (g.discountShare !== null && amount > 1 && type !== '10') line['discount'] = [{ amount: ((amount * g.discountShare) / 200).toFixed(2), code: g.discountCode }];
    const rate = RATES[g.rateCode];
    if (g.exonerate && rate !== undefined && type !== '09' && type !== '10') {
      line['exoneration'] = { type: '04', document_number: 'AL-00012345-26', institution: '01', emission_date: '2026-01-10T08:00:00-06:00', percentage: rate / 2 };
    }
    if (type === '09' && !g.service) line['tariff_code'] = '090121000000';
    return line;
  });

const request = fc
  .record({
    type: fc.constantFrom(...TYPES),
    currency: fc.constantFrom('CRC', 'USD', 'EUR'),
    split: fc.boolean(),
    withCharge: fc.boolean(),
    name: text(5, 100),
    details: text(5, 250),
  })
  .chain((h) => fc.record({ head: fc.constant(h), items: fc.array(item(h.type), { minLength: 1, maxLength: 6 }) }))
  .map(({ head, items }) => {
    const t = head.type;
    const body: Record<string, unknown> = {
      document: { document_type: t, date: '2026-11-25T11:59:00-06:00', situation: '1', ...(t === '08' ? {} : { activity_code: '620100' }) },
      commercial_info: {
        currency: head.currency,
        ...(head.currency === 'CRC' ? {} : { exchange_rate: '505.12345' }),
        sale_condition: t === '10' ? '11' : '01',
        payment_method: head.split ? [{ method: 'cash', amount: '0.01' }, { method: 'card' }] : 'sinpe',
      },
      issuer: { type: '02', id: '3101123456', name: head.name, email: 'emisor@example.cr', address: { province: '1', canton: '01', district: '01', details: head.details } },
      items,
    };
    if (t !== '04') {
      body['receiver'] = t === '09'
        ? { type: '05', id: 'X123', name: head.name, foreign_address: head.details }
        : { type: '01', id: '114560789', name: head.name, activity_code: '620100', email: 'r@example.cr', phone: '88887777' };
    }
    if (['02', '03', '08', '10'].includes(t)) {
      body['reference'] = { document_type: t === '08' ? '14' : '01', date: '2026-11-01T09:00:00-06:00', number: '50601112600310112345600100001010000000001100000001', code: '04', reason: head.name.slice(0, 180) };
    }
    if (head.withCharge && t !== '10') body['other_charges'] = [{ document_type: '06', amount: '100.5', detail: 'Servicio 10%', percentage: 10 }];
    return body;
  });

function checkTotals(doc: PreparedDocument): void {
  const s = doc.model.summary;
  expect(sum(s.payments.map((p) => p.amount)).equals(s.total)).toBe(true);
  expect(s.sales.equals(sum(doc.model.lines.map((l) => l.amount)))).toBe(true);
  expect(s.tax.equals(sum(doc.model.lines.map((l) => l.netTax)))).toBe(true);
  expect(s.taxed.plus(s.exempt).plus(s.exonerated).plus(s.nonSubject).equals(s.sales)).toBe(true);
  expect(sum(s.taxBreakdown.map((b) => b.amount)).equals(s.tax)).toBe(true);
}

describe('random request shapes', () => {
  it('all issue, add up, stay canonical and validate against both XSD sets', async () => {
    const bodies = fc.sample(request, { numRuns: 160, seed: 20261125 });
    const identity = testIdentity();
    const counter = new InMemoryCounter();
    const xmls = bodies.map((body) => {
      const doc = prepareDocument(body, { now: NOW, counter, cabys: shippedCabysCatalog() });
      checkTotals(doc);
      const canonical = new ExclusiveCanonicalization()
        .process(new DOMParser().parseFromString(doc.xml, 'text/xml').documentElement as never, {})
        .toString();
      expect(canonical).toBe(doc.xml.slice(doc.xml.indexOf('?>') + 2));
      return signXml(doc.xml, identity);
    });
    expect(new Set(bodies.map((b) => (b['document'] as { document_type: string }).document_type)).size).toBe(7);
    for (const set of ['v4.4', 'v4.4-2026-rev'] as const) {
      const results = await validateXsd(xmls, set);
      results.forEach((r, i) => expect(r.errors, `${set} #${i}: ${JSON.stringify(bodies[i])}`).toEqual([]));
    }
  });
});
