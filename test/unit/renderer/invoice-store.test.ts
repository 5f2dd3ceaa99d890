/**
 * The invoice store without a DOM: the debounced draft check and its totals (shown as the server gives
 * them), the receiver and line searches, the exchange rate, issuing, the status poll, and a note started
 * from a document.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOMParser } from '@xmldom/xmldom';
import { createInvoiceStore } from '../../../renderer/invoice/store.ts';
import type { InvoiceApi } from '../../../renderer/invoice/api.ts';
import type { XmlElement } from '../../../renderer/shared/source-document.ts';
import type { DraftCheck } from '../../../renderer/api/draft-check.ts';
import type { Organization } from '../../../renderer/invoice/types.ts';
import type { Recipient } from '../../../renderer/api/types.ts';
import type { DocumentDetail } from '../../../renderer/api/types.ts';
import { ApiRequestError } from '../../../renderer/api/client.ts';

const ORG: Organization = {
  uuid: 'u', name: 'TecnoValle', legal_name: null, identification_type: '02', identification_number: '3101123456', email: 'ventas@tecnovalle.cr', phone: null,
  economic_activities: ['620100'], default_environment: 'staging', address: { province: '1', canton: '01', district: '01', details: 'Avenida 7, calles 3 y 5' },
};
const RECIPIENT: Recipient = {
  id: 1, name: 'María José Rodríguez', commercial_name: null, identification_type: '01', identification_number: '114560789', is_foreign: false,
  country_code: null, province: '2', canton: '01', district: '01', neighborhood: null, other_address: '100 m norte de la iglesia', email: 'mj@example.cr',
  phone: null, fax: null, notes: null, created_at: '2026-11-01T12:00:00.000Z', updated_at: '2026-11-01T12:00:00.000Z',
};
const VALID: DraftCheck = {
  valid: true,
  // Not what 13 % of anything would be: the store must show the server's numbers, not compute its own.
  totals: { total: 123.45, total_sales: 100, total_net_sales: 100, total_discount: 0, total_taxes: 23.45 },
  lines: [{ line_number: 1, subtotal: 100, discount: 0, tax: 23.45, total: 123.45 }],
};
const detail = (status: string, extra: Partial<DocumentDetail> = {}): DocumentDetail => ({
  id: 1, document_key: 'K'.repeat(50), consecutive_number: '0'.repeat(20), document_type: '01', document_type_name: 'Factura electrónica', status,
  hacienda_status: null, hacienda_message: null, hacienda_response_at: null, receptor_name: null, currency: 'CRC', net_amount: 100, tax_amount: 13, total_amount: 113,
  rejections: [], created_at: '2026-11-20T16:30:00.000Z', ...extra,
});

function fakeApi(overrides: Partial<InvoiceApi> = {}) {
  const calls = { validate: [] as unknown[], issue: [] as unknown[], document: 0, recipients: [] as string[], taxpayers: [] as string[] };
  const api: InvoiceApi = {
    organization: async () => ORG,
    taxRates: async () => [{ code: '01', name: '0%', rate: 0 }, { code: '08', name: '13%', rate: 13 }, { code: '04', name: '4%', rate: 4 }],
    codes: async (table) => (table === 'reference-codes' ? [
      { code: '01', name: 'Anula', description: 'Anula documento de referencia', note: null },
      { code: '14', name: 'Corrige monto', description: 'Corrige monto por error material', note: null },
    ] : []),
    recipients: async (q) => {
      calls.recipients.push(q);
      return [RECIPIENT];
    },
    taxpayers: async (id) => {
      calls.taxpayers.push(id);
      return { cedulas_fisicas: [{ cedula: '114560789', class: '01', nombre: 'RODRIGUEZ SOLANO MARIA JOSE', razon_social: null }, { cedula: '109990999', class: '01', nombre: 'PEREZ MORA JUAN CARLOS', razon_social: null }] };
    },
    exchangeRate: async (currency) => ({ currency, date: '2026-11-20', buy: '494.76', sell: '501.58', source: 'hacienda', note: null, stale: false }),
    products: async () => [{ id: 1, code: 'CONS', barcode: null, description: 'Consultoría', cabys_code: '8313100000200', unit: 'h', price: '25000', currency: 'CRC', tax_code: '01', tax_rate_code: '08', is_active: true }],
    cabys: async () => [{ code: '2391102010100', description_9: 'Café tostado', tax_rate: 13 }],
    validate: async (body) => {
      calls.validate.push(body);
      return VALID;
    },
    issue: async (body) => {
      calls.issue.push(body);
      return { id: 1, document_key: 'K'.repeat(50), consecutive_number: '0'.repeat(20), document_type: '01', document_type_name: 'Factura electrónica', environment: 'staging', status: 'processing', queued_at: '' };
    },
    document: async () => {
      calls.document++;
      return detail('accepted');
    },
    email: async (_key, recipients) => ({ recipients }),
    ...overrides,
  };
  return { api, calls };
}

async function readyStore(api: InvoiceApi) {
  const store = createInvoiceStore({ api, now: () => new Date('2026-11-20T16:30:00Z') });
  await store.getState().load();
  store.getState().setPartyQuery('mar');
  await store.getState().searchParties();
  store.getState().chooseParty();
  store.getState().setLineQuery('cons');
  await store.getState().searchLines();
  store.getState().chooseLine();
  return store;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('invoice store: live totals', () => {
  it('asks the draft check once after the typing pauses, with the latest draft, and shows its totals as given', async () => {
    const { api, calls } = fakeApi();
    const store = await readyStore(api);
    const key = store.getState().lines[0]!.key;
    store.getState().updateLine(key, { quantity: '2' });
    await vi.advanceTimersByTimeAsync(100);
    store.getState().updateLine(key, { quantity: '3' });
    await vi.advanceTimersByTimeAsync(299);
    expect(calls.validate).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.validate).toHaveLength(1);
    expect(calls.validate[0]).toMatchObject({ document_type: '01', receiver: { id: '114560789' }, items: [{ quantity: '3', price: '25000', cabys_code: '8313100000200' }] });
    expect(store.getState().validation).toEqual({ state: 'valid', totals: VALID.totals, lines: VALID.lines, errors: [] });
  });

  it('shows only the answer to the latest draft when an older one answers late', async () => {
    let release: (check: DraftCheck) => void = () => undefined;
    const answers = [new Promise<DraftCheck>((resolve) => { release = resolve; }), Promise.resolve({ valid: false, errors: ['items.0.price: Debe ser mayor que cero.'] })];
    const { api } = fakeApi({ validate: () => answers.shift()! });
    const store = await readyStore(api);
    const first = store.getState().validate();
    await store.getState().validate();
    release(VALID);
    await first;
    expect(store.getState().validation).toMatchObject({ state: 'invalid', totals: null, errors: ['items.0.price: Debe ser mayor que cero.'] });
  });

  it('asks nothing while there are no lines or no receiver for a type that needs one', async () => {
    const { api, calls } = fakeApi();
    const store = createInvoiceStore({ api });
    await store.getState().load();
    store.getState().addBlankLine();
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.validate).toHaveLength(0);
    expect(store.getState().validation.state).toBe('idle');
    store.getState().setDocumentType('04'); // a ticket needs no receiver
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.validate).toHaveLength(1);
  });

  it('reports a check that could not run apart from an invalid draft', async () => {
    const { api } = fakeApi({ validate: async () => { throw new Error('El servidor local no responde.'); } });
    const store = await readyStore(api);
    await store.getState().validate();
    expect(store.getState().validation).toMatchObject({ state: 'failed', errors: ['El servidor local no responde.'] });
  });
});

describe('invoice store: receiver, lines, currency', () => {
  it('lists saved recipients first and asks the tax register only for a complete ID number, without duplicates', async () => {
    const { api, calls } = fakeApi();
    const store = createInvoiceStore({ api });
    store.getState().setPartyQuery('mar');
    await store.getState().searchParties();
    expect(calls.taxpayers).toEqual([]);
    store.getState().setPartyQuery('1-1456-0789');
    await store.getState().searchParties();
    expect(calls.taxpayers).toEqual(['114560789']);
    expect(store.getState().partyResults.map((c) => [c.kind, c.party.id])).toEqual([['recipient', '114560789'], ['taxpayer', '109990999']]);
    store.getState().moveParty(1);
    store.getState().chooseParty();
    expect(store.getState().party).toMatchObject({ type: '01', id: '109990999', name: 'PEREZ MORA JUAN CARLOS', source: 'taxpayer' });
    expect(store.getState().partyQuery).toBe('');
  });

  it('keeps the saved recipients when the tax register cannot answer', async () => {
    const { api } = fakeApi({ taxpayers: async () => { throw new Error('unreachable'); } });
    const store = createInvoiceStore({ api });
    store.getState().setPartyQuery('114560789');
    await store.getState().searchParties();
    expect(store.getState().partyResults).toHaveLength(1);
    store.getState().chooseParty();
    expect(store.getState().party).toMatchObject({ email: 'mj@example.cr', address: { province: '2', details: '100 m norte de la iglesia' }, source: 'recipient' });
  });

  it('adds a product with its price, and a CABYS code with its rate and the focus on its price', async () => {
    const { api } = fakeApi();
    const store = createInvoiceStore({ api });
    await store.getState().load();
    store.getState().setLineQuery('caf');
    await store.getState().searchLines();
    expect(store.getState().lineResults.map((r) => r.kind)).toEqual(['product', 'cabys']);
    store.getState().chooseLine();
    expect(store.getState().lines[0]).toMatchObject({ productCode: 'CONS', price: '25000', unit: 'h', rateCode: '08' });
    expect(store.getState().priceFocus).toBeNull();
    store.getState().setLineQuery('caf');
    await store.getState().searchLines();
    store.getState().moveLine(1);
    store.getState().chooseLine();
    const cabys = store.getState().lines[1]!;
    expect(cabys).toMatchObject({ cabysCode: '2391102010100', price: '', unit: 'Unid', rateCode: '08' });
    expect(store.getState().priceFocus).toBe(cabys.key);
    store.getState().removeLine(store.getState().lines[0]!.key);
    expect(store.getState().lines.map((l) => l.cabysCode)).toEqual(['2391102010100']);
  });

  it("takes a product's price only into a document in the product's currency", async () => {
    const { api } = fakeApi();
    const store = createInvoiceStore({ api });
    await store.getState().load();
    await store.getState().setCurrency('USD');
    store.getState().setLineQuery('cons');
    await store.getState().searchLines();
    store.getState().chooseLine();
    const line = store.getState().lines[0]!;
    expect(line).toMatchObject({ productCode: 'CONS', price: '' }); // ₡25 000 is not $25 000
    expect(store.getState().priceFocus).toBe(line.key);
  });

  it('fills the exchange rate (the sell rate) for a foreign currency and clears it for colones', async () => {
    const { api } = fakeApi();
    const store = createInvoiceStore({ api });
    await store.getState().setCurrency('USD');
    expect(store.getState().commercial).toMatchObject({ currency: 'USD', exchangeRate: '501.58' });
    expect(store.getState().rateInfo?.date).toBe('2026-11-20');
    await store.getState().setCurrency('CRC');
    expect(store.getState().commercial).toMatchObject({ currency: 'CRC', exchangeRate: '' });
  });
});

describe('invoice store: issuing', () => {
  it('issues the draft once, starts a new one, and polls the status until it is final', async () => {
    const statuses = ['processing', 'sent', 'accepted'];
    const { api, calls } = fakeApi({ document: async () => { calls.document++; return detail(statuses.shift() ?? 'accepted'); } });
    const store = await readyStore(api);
    await Promise.all([store.getState().issue(false), store.getState().issue(false)]);
    expect(calls.issue).toHaveLength(1);
    expect(calls.issue[0]).toMatchObject({ document: { document_type: '01', date: '2026-11-20T16:30:00.000Z', situation: '1' }, receiver: { id: '114560789' } });
    expect(store.getState()).toMatchObject({ lines: [], party: null, issued: { clave: 'K'.repeat(50), status: 'processing' } });
    expect(calls.document).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(store.getState().issued?.status).toBe('sent');
    await vi.advanceTimersByTimeAsync(2000);
    expect(store.getState().issued?.status).toBe('accepted');
    expect(calls.document).toBe(3);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls.document).toBe(3); // final: no more requests
  });

  it('checks a draft edited a moment ago before issuing, and sends none the engine refuses', async () => {
    const { api, calls } = fakeApi({ validate: async (body) => { calls.validate.push(body); return { valid: false, errors: ['items.0.price: Requerido.'] }; } });
    const store = await readyStore(api);
    store.getState().updateLine(store.getState().lines[0]!.key, { price: '' });
    await store.getState().issue(false);
    expect(calls.validate).toHaveLength(1);
    expect(calls.issue).toHaveLength(0);
    expect(store.getState()).toMatchObject({ issuing: false, validation: { state: 'invalid' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.validate).toHaveLength(1); // the pending debounced check was folded into it
  });

  it("keeps the draft and shows the server's refusal", async () => {
    const { api } = fakeApi({ issue: async () => { throw Object.assign(new Error('receiver.email: No es un correo válido.'), { code: 'validation_error' }); } });
    const store = await readyStore(api);
    await store.getState().issue(false);
    expect(store.getState()).toMatchObject({ error: 'receiver.email: No es un correo válido.', issued: null, issuing: false });
    expect(store.getState().lines).toHaveLength(1);
  });
});

describe('invoice store: a note from a document', () => {
  const XML = `<?xml version="1.0" encoding="utf-8"?><FacturaElectronica xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/facturaElectronica">`
    + `<Clave>${'5'.repeat(50)}</Clave><FechaEmision>2026-11-18T09:00:00-06:00</FechaEmision>`
    + '<Emisor><Nombre>TecnoValle S.A.</Nombre><Identificacion><Tipo>02</Tipo><Numero>3101123456</Numero></Identificacion></Emisor>'
    + '<Receptor><Nombre>DISTRIBUIDORA EL SOL LIMITADA</Nombre><Identificacion><Tipo>02</Tipo><Numero>3102654321</Numero></Identificacion><CorreoElectronico>sol@example.cr</CorreoElectronico></Receptor>'
    + '<CondicionVenta>02</CondicionVenta><PlazoCredito>30</PlazoCredito><DetalleServicio>'
    + '<LineaDetalle><NumeroLinea>1</NumeroLinea><CodigoCABYS>8313100000200</CodigoCABYS><Cantidad>2.000</Cantidad><UnidadMedida>Sp</UnidadMedida><Detalle>Consultoría</Detalle><PrecioUnitario>25000.50000</PrecioUnitario>'
    + '<Descuento><MontoDescuento>1000.00000</MontoDescuento><CodigoDescuento>07</CodigoDescuento></Descuento><Impuesto><Codigo>01</Codigo><CodigoTarifaIVA>08</CodigoTarifaIVA><Tarifa>13.00</Tarifa></Impuesto></LineaDetalle>'
    + '<LineaDetalle><NumeroLinea>2</NumeroLinea><CodigoCABYS>2391102010100</CodigoCABYS><Cantidad>1.500</Cantidad><UnidadMedida>Kg</UnidadMedida><Detalle>Café</Detalle><PrecioUnitario>8500.00000</PrecioUnitario>'
    + '<Impuesto><Codigo>01</Codigo><CodigoTarifaIVA>02</CodigoTarifaIVA><Tarifa>1.00</Tarifa></Impuesto></LineaDetalle></DetalleServicio>'
    + '<ResumenFactura><CodigoTipoMoneda><CodigoMoneda>USD</CodigoMoneda><TipoCambio>501.58000</TipoCambio></CodigoTipoMoneda><MedioPago><TipoMedioPago>04</TipoMedioPago></MedioPago></ResumenFactura></FacturaElectronica>';
  const parseXml = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml') as unknown as XmlElement;

  it('prefills the receiver, terms, lines and the reference to the original', async () => {
    const { api, calls } = fakeApi();
    const store = createInvoiceStore({ api, parseXml });
    await store.getState().load();
    store.getState().startNote('03', { ...detail('accepted', { document_key: '5'.repeat(50), document_type: '09' }), signed_xml: XML });
    const s = store.getState();
    expect(s.documentType).toBe('03');
    expect(s.party).toMatchObject({ type: '02', id: '3102654321', name: 'DISTRIBUIDORA EL SOL LIMITADA', email: 'sol@example.cr', source: 'document' });
    expect(s.commercial).toEqual({ currency: 'USD', exchangeRate: '501.58', saleCondition: '02', creditDays: '30', paymentMethod: '04' });
    expect(s.lines.map(({ key: _key, ...l }) => l)).toEqual([
      { cabysCode: '8313100000200', description: 'Consultoría', quantity: '2', unit: 'Sp', price: '25000.5', discount: '1000', rateCode: '08', tariffCode: '' },
      { cabysCode: '2391102010100', description: 'Café', quantity: '1.5', unit: 'Kg', price: '8500', discount: '', rateCode: '02', tariffCode: '' },
    ]);
    // An export invoice is referenced as type 19 (as the server's own void does); a note written here corrects
    // an amount (14): annulling the whole document is the Documents screen's void.
    expect(s.reference).toEqual({
      documentType: '19', number: '5'.repeat(50), date: '2026-11-18', time: '2026-11-18T09:00:00-06:00', code: '14', codeOther: '', reason: 'Corrige monto por error material',
    });
    await vi.advanceTimersByTimeAsync(300);
    // The day shown is the original's: its exact emission time is what the note carries.
    expect(calls.validate[0]).toMatchObject({ document_type: '03', reference: { document_type: '19', number: '5'.repeat(50), date: '2026-11-18T09:00:00-06:00', code: '14' } });
  });

  it('gives the reason its words once the code tables arrive after the note started', async () => {
    const { api } = fakeApi();
    const store = createInvoiceStore({ api, parseXml });
    store.getState().startNote('03', { ...detail('accepted'), signed_xml: XML });
    expect(store.getState().reference.reason).toBe('');
    await store.getState().load();
    expect(store.getState().reference).toMatchObject({ code: '14', reason: 'Corrige monto por error material' });
  });

  it('starts the note with just the reference when the XML cannot be read', () => {
    const { api } = fakeApi();
    const store = createInvoiceStore({ api, parseXml: () => null });
    store.getState().startNote('02', { ...detail('accepted'), signed_xml: '<broken' });
    expect(store.getState()).toMatchObject({ documentType: '02', party: null, lines: [], reference: { documentType: '01', number: 'K'.repeat(50), date: '2026-11-20', time: '2026-11-20T16:30:00.000Z', code: '04' } });
  });

  it('goes back to a new invoice once the note is issued, and offers to e-mail the note to its receiver', async () => {
    const { api, calls } = fakeApi();
    const store = createInvoiceStore({ api, parseXml, language: () => 'en' });
    await store.getState().load();
    store.getState().startNote('03', { ...detail('accepted', { document_key: '5'.repeat(50) }), signed_xml: XML });
    await store.getState().issue(false);
    expect(calls.issue[0]).toMatchObject({ document: { document_type: '03' }, reference: { code: '14' }, api_config: { language: 'en' } });
    expect(store.getState()).toMatchObject({
      documentType: '01', party: null, lines: [], reference: { number: '', date: '', code: '04' },
      commercial: { currency: 'CRC', saleCondition: '01', paymentMethod: '01' }, issued: { email: 'sol@example.cr', emailedTo: null },
    });
    await store.getState().emailIssued(['sol@example.cr', 'conta@example.cr']);
    expect(store.getState().issued).toMatchObject({ emailing: false, emailedTo: ['sol@example.cr', 'conta@example.cr'] });
  });

  it("keeps the server's field errors for the reference until the reference is corrected", async () => {
    const refused = Object.assign(new ApiRequestError(422, 'validation_error', 'La nota supera el saldo.', { 'reference.number': ['La nota (₡60 000) supera el saldo pendiente (₡42 940).'] }));
    const { api } = fakeApi({ issue: async () => { throw refused; } });
    const store = createInvoiceStore({ api, parseXml });
    await store.getState().load();
    store.getState().startNote('03', { ...detail('accepted', { document_key: '5'.repeat(50) }), signed_xml: XML });
    await store.getState().issue(false);
    expect(store.getState()).toMatchObject({ documentType: '03', errorCode: 'validation_error', fieldErrors: refused.fieldErrors });
    store.getState().setReference({ code: '99', codeOther: 'Descuento por pronto pago' });
    expect(store.getState().fieldErrors).toEqual({});
  });
});
