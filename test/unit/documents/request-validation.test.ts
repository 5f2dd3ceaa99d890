import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../../src/documents/prepare-document.ts';
import { InMemoryCounter } from '../../../src/documents/numbering.ts';
import { RequestValidationError } from '../../../src/documents/request/problems.ts';
import { shippedCabysCatalog } from '../../../src/catalogs/cabys-catalog.ts';
import { exampleRequest, type Body } from '../../fixtures/example-requests.ts';

const NOW = new Date('2026-11-25T18:00:00Z');
const example = (name: string): Body => exampleRequest(name, new Date(NOW.getTime() - 60_000));

function issue(body: unknown) {
  return prepareDocument(body, { now: NOW, counter: new InMemoryCounter(), cabys: shippedCabysCatalog() });
}

function errorsOf(body: unknown): Record<string, string[]> {
  try {
    issue(body);
  } catch (err) {
    if (err instanceof RequestValidationError) return err.errors;
    throw err;
  }
  throw new Error('expected a validation error');
}

describe('aliases of the request', () => {
  it('reads sucursal, punto_venta, unit_price, discounts, rate_type, credit_days, other_signs, party names and phone forms', () => {
    const body = example('01-factura');
    body.document = { document_type: '01', date: '2026-11-25T11:55:00-06:00', situation: 1, activity_code: '620100', sucursal: '2', punto_venta: 7 };
    body.commercial_info = { currency: 'CRC', sale_condition: 'credit', credit_days: '30', payment_method: 'transfer' };
    body.receiver = { type: 'juridica', id: '3-101-654321', name: 'Distribuidora Norte S.A.', phone: { country_code: '506', number: '2222-1111' }, location: { province: 1, canton: '1', district: 3, other_signs: 'Frente al parque central' } };
    body.items = [{ cabys_code: '8311200000000', quantity: 1, unit: 'Sp', description: 'Consultoría', unit_price: '1000', discounts: [{ amount: 100, code: '04', nature: 'Volumen' }], tax: [{ type: '01', rate_type: '08' }] }];
    delete body.other_charges;
    const { model } = issue(body);
    expect(model.consecutive).toBe('00200007010000000001');
    expect(model.receiver?.identification).toEqual({ type: '02', number: '3101654321' });
    expect(model.receiver?.phone).toEqual({ countryCode: '506', number: '22221111' });
    expect(model.receiver?.location).toMatchObject({ province: '1', canton: '01', district: '03', details: 'Frente al parque central' });
    expect(model.saleCondition).toBe('02');
    expect(model.creditTermDays).toBe(30);
    expect(model.lines[0]!.discounts[0]).toMatchObject({ code: '04', nature: 'Volumen' });
    expect(model.lines[0]!.taxes[0]!.rateCode).toBe('08');
    expect(model.summary.total.toFixed(2)).toBe('1017.00');
  });

  it('takes a client consecutive with its clave (key), and a single tax object', () => {
    const body = example('04-tiquete');
    const consecutive = '00200003040000000777';
    body.document.consecutive = consecutive;
    body.document.key = '506251126003101123456' + consecutive + '1' + '00000123';
    const { model } = issue(body);
    expect(model.consecutive).toBe(consecutive);
    expect(model.clave).toBe(body.document.key);
  });

  it('reads exoneration and reference `type` aliases and exonerated_rate', () => {
    const body = example('03-nota-credito');
    body.reference = { type: '01', date: '2026-11-18T09:00:00-06:00', number: '50618112600310112345600100001010000000001100000001', code: '01', reason: 'Anula' };
    body.items[0].exoneration = { type: '04', document_number: 'AL-00012345-26', institution: '01', emission_date: '2026-01-10T08:00:00-06:00', exonerated_rate: 13 };
    const { model } = issue(body);
    expect(model.references[0]).toMatchObject({ documentType: '01', code: '01' });
    expect(model.lines[0]!.taxes[0]!.exoneration).toMatchObject({ documentType: '04', institution: '01' });
    expect(model.lines[0]!.netTax.toFixed(2)).toBe('0.00');
  });
});

describe('validation errors', () => {
  it('reports every problem at once with dot paths, in Spanish by default', () => {
    const body = example('01-factura');
    body.items[0].cabys_code = '9999999999999';
    body.items[1].quantity = 0;
    body.issuer.email = 'not-an-email';
    delete body.document.activity_code;
    const errors = errorsOf(body);
    expect(Object.keys(errors).sort()).toEqual(['document.activity_code', 'issuer.email', 'items.0.cabys_code', 'items.1.quantity']);
    expect(errors['items.0.cabys_code']![0]).toMatch(/no existe en el catálogo/);
  });

  it('speaks English with api_config.language = en', () => {
    const body = example('01-factura');
    body.api_config = { language: 'en' };
    body.items[0].description = 'x'.repeat(201);
    expect(errorsOf(body)['items.0.description']).toEqual(['Must be 3 to 200 characters long.']);
  });

  it('requires a receiver except on tickets', () => {
    const body = example('01-factura');
    delete body.receiver;
    expect(errorsOf(body)).toHaveProperty('receiver');
    expect(issue(example('04-tiquete')).model.receiver).toBeUndefined();
  });

  it('requires the activity code except on purchase invoices, and the receiver activity on them', () => {
    const fec = example('08-factura-compra');
    expect(issue(fec).model.issuerActivityCode).toBeUndefined();
    delete fec.receiver.activity_code;
    expect(errorsOf(fec)).toHaveProperty(['receiver.activity_code']);
  });

  it('requires exchange_rate outside CRC and 1 in CRC', () => {
    const body = example('09-factura-exportacion');
    delete body.commercial_info.exchange_rate;
    expect(errorsOf(body)).toHaveProperty(['commercial_info.exchange_rate']);
    const crc = example('04-tiquete');
    crc.commercial_info.exchange_rate = 2;
    expect(errorsOf(crc)['commercial_info.exchange_rate']![0]).toMatch(/debe ser 1/);
  });

  it('rejects a date in the future beyond five minutes of clock skew, and dates without zone', () => {
    const body = example('04-tiquete');
    body.document.date = '2026-11-25T12:04:00-06:00'; // NOW + 4 min: accepted
    expect(() => issue(body)).not.toThrow();
    body.document.date = '2026-11-25T12:06:00-06:00';
    expect(errorsOf(body)['document.date']![0]).toMatch(/posterior al momento de generar/);
    body.document.date = '2026-11-25T10:00:00';
    expect(errorsOf(body)['document.date']![0]).toMatch(/zona horaria/);
  });

  it('accepts a clave only with its consecutive, and only when they agree', () => {
    const body = example('04-tiquete');
    body.document.clave = '50625112600310112345600200003040000000777100000123';
    expect(errorsOf(body)['document.clave']![0]).toMatch(/junto con consecutive_number/);
    body.document.consecutive_number = '00200003040000000778';
    expect(errorsOf(body)['document.clave']!.join()).toMatch(/document.consecutive_number/);
    body.document.consecutive_number = '00200003010000000777';
    expect(errorsOf(body)).toHaveProperty(['document.consecutive_number']);
  });

  it('requires the *_other text with code 99', () => {
    const body = example('01-factura');
    body.commercial_info = { currency: 'CRC', sale_condition: '99', payment_method: '99' };
    body.items[0].discounts = [{ amount: 10, code: '99' }];
    body.items[0].tax = { type: '99', rate: 1 };
    body.other_charges = [{ document_type: '99', amount: 10 }];
    const errors = errorsOf(body);
    for (const path of ['commercial_info.sale_condition_other', 'commercial_info.payment_method_other', 'items.0.discount.0.other_code', 'items.0.tax.type_other', 'other_charges.0.type_other']) {
      expect(errors, path).toHaveProperty([path]);
    }
  });

  it('matches units with CABYS: service units need codes 5-9, goods units 0-4', () => {
    const body = example('01-factura');
    body.items[0].unit = 'Unid';
    body.items[1].unit = 'Sp';
    const errors = errorsOf(body);
    expect(errors['items.0.unit']![0]).toMatch(/mercancías/);
    expect(errors['items.1.unit']![0]).toMatch(/servicios/);
    const unitsAreCaseSensitive = example('01-factura');
    unitsAreCaseSensitive.items[1].unit = 'kg';
    expect(errorsOf(unitsAreCaseSensitive)['items.1.unit']![0]).toMatch(/"kg"/);
  });

  it('requires references on notes, purchase invoices and payment receipts', () => {
    for (const name of ['02-nota-debito', '03-nota-credito', '08-factura-compra', '10-recibo-pago']) {
      const body = example(name);
      delete body.reference;
      expect(errorsOf(body), name).toHaveProperty('reference');
    }
  });

  it('requires 12-digit tariff codes on export goods', () => {
    const body = example('09-factura-exportacion');
    delete body.items[0].tariff_code;
    expect(errorsOf(body)).toHaveProperty(['items.0.tariff_code']);
    body.items[0].tariff_code = '0901';
    expect(errorsOf(body)['items.0.tariff_code']![0]).toMatch(/12 dígitos/);
  });

  it('allows payment receipts only with sale conditions 09 or 11', () => {
    const body = example('10-recibo-pago');
    body.commercial_info.sale_condition = '01';
    expect(errorsOf(body)).toHaveProperty(['commercial_info.sale_condition']);
    body.commercial_info.sale_condition = '11';
    expect(() => issue(body)).not.toThrow();
  });

  it('allows at most 1000 lines', () => {
    const body = example('04-tiquete');
    body.items = Array.from({ length: 1001 }, () => body.items[0]);
    expect(errorsOf(body).items![0]).toMatch(/1000/);
  });

  it('rejects discounts above the line amount and exonerations above the rate', () => {
    const body = example('04-tiquete');
    body.items[0].discount = [{ amount: 5000 }];
    body.items[0].exoneration = { type: '04', document_number: 'AL-1', institution: '01', emission_date: '2026-01-10T08:00:00-06:00', percentage: 14 };
    const errors = errorsOf(body);
    expect(errors).toHaveProperty(['items.0.discount']);
    expect(errors).toHaveProperty(['items.0.exoneration.percentage']);
  });

  it('checks that split payments add up to the total', () => {
    const body = example('04-tiquete');
    body.commercial_info.payment_method = [{ method: 'cash', amount: 1000 }, { method: 'card', amount: 1000 }];
    expect(errorsOf(body)['commercial_info.payment_method']![0]).toMatch(/deben sumar el total del comprobante \(5085\.00000\)/);
    body.commercial_info.payment_method = [{ method: 'cash', amount: 1000 }, { method: 'card' }];
    expect(issue(body).model.summary.payments.map((p) => p.amount.toFixed(2))).toEqual(['1000.00', '4085.00']);
  });

  it('never throws anything but a validation error on malformed input', () => {
    for (const body of [null, 42, 'text', [], {}, { document: [] }, { items: {} }, { document: { date: 5 } }]) {
      expect(() => issue(body)).toThrow(RequestValidationError);
    }
  });
});
