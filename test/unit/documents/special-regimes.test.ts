/**
 * Special regimes worked out by hand from the annex's formulas (the arithmetic is in the comments), issued
 * through the request reader and checked in the XML itself; every document validates against both XSD sets.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDocument } from '../../../src/documents/prepare-document.ts';
import { InMemoryCounter } from '../../../src/documents/numbering.ts';
import { RequestValidationError } from '../../../src/documents/request/problems.ts';
import { shippedCabysCatalog } from '../../../src/catalogs/cabys-catalog.ts';
import { shippedDistrictCodes } from '../../../src/catalogs/district-codes.ts';
import { validateXsd } from '../../../src/xml/xsd-validate.ts';
import { withPlaceholderSignature } from '../../helpers/xsd.ts';
import { NOW, example, type Example } from './probes/probe.ts';
import type { Body } from '../../fixtures/example-requests.ts';

const issued: string[] = [];

function issue(body: Body): string {
  const xml = prepareDocument(body, { now: NOW, counter: new InMemoryCounter(), cabys: shippedCabysCatalog(), reference: shippedDistrictCodes() }).xml;
  issued.push(xml);
  return xml;
}

function refusedAt(body: Body): string[] {
  try {
    issue(body);
  } catch (err) {
    if (err instanceof RequestValidationError) return Object.keys(err.errors);
    throw err;
  }
  return [];
}

/** The text of every element with this name, in document order. */
function all(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
}
const one = (xml: string, name: string) => all(xml, name)[0];

/** An example whose lines are replaced by `items` (other charges dropped unless given). */
function withItems(name: Example, items: object[], extra: Body = {}): Body {
  const body = example(name);
  delete body['other_charges'];
  return { ...body, items, ...extra };
}

const EXO = { type: '04', document_number: 'AL-00012345-26', institution: '01', emission_date: '2026-01-10T08:00:00-06:00' };
const SERVICE = { cabys_code: '6331000000000', quantity: 1, unit: 'Os', description: 'Almuerzo ejecutivo', price: 4500, tax: [{ type: '01', rate_code: '08' }] };
const GOODS = { cabys_code: '2391102010100', quantity: 4, unit: 'Unid', description: 'Café tostado 250 g', price: 250, tax: [{ type: '01', rate_code: '08' }] };

afterAll(async () => {
  const xmls = issued.map(withPlaceholderSignature);
  for (const set of ['v4.4-2026-rev', 'v4.4'] as const) {
    for (const [i, r] of (await validateXsd(xmls, set)).entries()) expect(r.errors, `${set} #${i}`).toEqual([]);
  }
});

describe('an exoneration given as an amount', () => {
  it('becomes the exonerated rate it amounts to, and MontoExoneracion that rate × the base', () => {
    // 292.50 / 4 500 = 6.50 % → 4 500 × 6.50 % = 292.50; net 585 − 292.50 = 292.50; exonerated share 4 500 × 292.5 / 585 = 2 250
    const exact = issue(withItems('04-tiquete', [{ ...SERVICE, exoneration: { ...EXO, amount: 292.5 } }]));
    expect([one(exact, 'TarifaExonerada'), one(exact, 'MontoExoneracion'), one(exact, 'ImpuestoNeto'), one(exact, 'TotalServExonerado'), one(exact, 'TotalServGravados'), one(exact, 'TotalComprobante')])
      .toEqual(['6.50', '292.50000', '292.50000', '2250.00000', '2250.00000', '4792.50000']);
    // 300 / 4 500 = 6.666…% → 6.67 % → 4 500 × 6.67 % = 300.15; net 284.85; exonerated share 4 500 × 300.15 / 585 = 2 308.84615
    const rounded = issue(withItems('04-tiquete', [{ ...SERVICE, exoneration: { ...EXO, amount: 300 } }]));
    expect([one(rounded, 'TarifaExonerada'), one(rounded, 'MontoExoneracion'), one(rounded, 'ImpuestoNeto'), one(rounded, 'TotalServExonerado'), one(rounded, 'TotalServGravados')])
      .toEqual(['6.67', '300.15000', '284.85000', '2308.84615', '2191.15385']);
  });

  it('is refused when it amounts to more than the tax rate (600 / 4 500 = 13.33 % > 13 %)', () => {
    expect(refusedAt(withItems('04-tiquete', [{ ...SERVICE, exoneration: { ...EXO, amount: 600 } }]))).toEqual(['items.0.exoneration.amount']);
  });
});

describe('gifts and bonuses (Nota 20) with and without exonerations', () => {
  it('everything given away (01): VAT on the Monto Total, all of it assumed; the total is 0 and TotalMedioPago is left out', () => {
    // 4 × 250 = 1 000 − 1 000 = 0; Monto 1 000 × 13 % = 130, assumed 130, net 0
    const xml = issue(withItems('04-tiquete', [{ ...GOODS, discount: [{ amount: 1000, code: '01' }] }]));
    expect([one(xml, 'SubTotal'), one(xml, 'BaseImponible'), one(xml, 'Monto'), one(xml, 'ImpuestoAsumidoEmisorFabrica'), one(xml, 'ImpuestoNeto')])
      .toEqual(['0.00000', '0.00000', '130.00000', '130.00000', '0.00000']);
    expect([one(xml, 'TotalMercanciasGravadas'), one(xml, 'TotalDescuentos'), one(xml, 'TotalVentaNeta'), one(xml, 'TotalImpAsumEmisorFabrica'), one(xml, 'TotalComprobante')])
      .toEqual(['1000.00000', '1000.00000', '0.00000', '130.00000', '0.00000']);
    expect(all(xml, 'TotalMedioPago')).toEqual([]);
  });

  it('given away and half exonerated: the issuer assumes the tax minus what is exonerated', () => {
    // Monto 130; exonerated 1 000 × 6.5 % = 65; assumed 130 − 65 = 65; net 0
    const xml = issue(withItems('04-tiquete', [{ ...GOODS, discount: [{ amount: 1000, code: '03' }], exoneration: { ...EXO, percentage: 6.5 } }]));
    expect([one(xml, 'Monto'), one(xml, 'MontoExoneracion'), one(xml, 'ImpuestoAsumidoEmisorFabrica'), one(xml, 'ImpuestoNeto'), one(xml, 'TotalComprobante')])
      .toEqual(['130.00000', '65.00000', '65.00000', '0.00000', '0.00000']);
  });

  it('one of four given away (01): the customer pays the VAT of three, the issuer assumes the fourth', () => {
    // SubTotal 750; Monto (750 + 250) × 13 % = 130; assumed 250 × 13 % = 32.50; net 97.50 = 750 × 13 %; total 847.50
    const xml = issue(withItems('04-tiquete', [{ ...GOODS, discount: [{ amount: 250, code: '01' }] }]));
    expect([one(xml, 'BaseImponible'), one(xml, 'Monto'), one(xml, 'ImpuestoAsumidoEmisorFabrica'), one(xml, 'ImpuestoNeto'), one(xml, 'TotalComprobante')])
      .toEqual(['750.00000', '130.00000', '32.50000', '97.50000', '847.50000']);
  });

  it('one of four given away and half exonerated: the assumed part is the gift\'s VAT not exonerated', () => {
    // Monto 130; exonerated 1 000 × 6.5 % = 65; assumed 250 × (13 − 6.5) % = 16.25; net 48.75 = 750 × 6.5 %; total 798.75
    const xml = issue(withItems('04-tiquete', [{ ...GOODS, discount: [{ amount: 250, code: '01' }], exoneration: { ...EXO, percentage: 6.5 } }]));
    expect([one(xml, 'Monto'), one(xml, 'MontoExoneracion'), one(xml, 'ImpuestoAsumidoEmisorFabrica'), one(xml, 'ImpuestoNeto'), one(xml, 'TotalComprobante')])
      .toEqual(['130.00000', '65.00000', '16.25000', '48.75000', '798.75000']);
  });

  it('code 02 charges the gift\'s VAT to the customer: nothing assumed', () => {
    // SubTotal 750; Monto 1 000 × 13 % = 130; assumed 0; net 130; total 880
    const xml = issue(withItems('04-tiquete', [{ ...GOODS, discount: [{ amount: 250, code: '02' }] }]));
    expect([one(xml, 'Monto'), one(xml, 'ImpuestoAsumidoEmisorFabrica'), one(xml, 'ImpuestoNeto'), one(xml, 'TotalComprobante')])
      .toEqual(['130.00000', '0.00000', '130.00000', '880.00000']);
  });
});

describe('FEE and FEC carry only what their XML can show', () => {
  it('refuses an exoneration on an export invoice and a gift on a purchase invoice', () => {
    const fee = example('09-factura-exportacion');
    fee['items'][0].exoneration = EXO;
    expect(refusedAt(fee)).toEqual(['items.0.exoneration']);
    const fec = example('08-factura-compra');
    fec['items'][0].discount = [{ amount: 100, code: '01' }];
    expect(refusedAt(fec)).toEqual(['items.0.discount.0.code']);
  });

  it('exonerates a purchase invoice in full: 100 × 350 at 1 %, all 350 exonerated', () => {
    const fec = example('08-factura-compra');
    fec['items'][0].exoneration = { ...EXO, percentage: 1 };
    const xml = issue(fec);
    expect([one(xml, 'Monto'), one(xml, 'MontoExoneracion'), one(xml, 'ImpuestoNeto'), one(xml, 'TotalMercExonerada'), one(xml, 'TotalComprobante')])
      .toEqual(['350.00000', '350.00000', '0.00000', '35000.00000', '35000.00000']);
    expect(all(xml, 'ImpuestoAsumidoEmisorFabrica')).toEqual([]);
  });

  it('an export invoice totals what it shows: 500 × 12.75 at 0 % plus a specific tax with its export amount', () => {
    // 6 375 + Monto 100 (tax 04 given as an amount: no DatosImpuestoEspecifico on FEE) = 6 475
    const fee = example('09-factura-exportacion');
    fee['items'][0].tax = [{ type: '04', amount: 100, export_amount: 100 }, { type: '01', rate_code: '01' }];
    const xml = issue(fee);
    expect([all(xml, 'Monto'), one(xml, 'MontoExportacion'), one(xml, 'TotalMercanciasExentas'), one(xml, 'TotalImpuesto'), one(xml, 'TotalComprobante')])
      .toEqual([['100.00000', '0.00000'], '100.00000', '6375.00000', '100.00000', '6475.00000']);
  });
});

const PACK = { cabys_code: '2399999002200', unit: 'Unid', description: 'Canasta navideña', commercial_codes: [{ type: '03', code: '7441234567890' }] };
const COFFEE = { cabys_code: '2391102010100', description: 'Café tostado', quantity: 1, unit: 'Kg', price: 1000, tax: [{ type: '01', rate_code: '08' }] };
const WHEAT = { cabys_code: '0111100000100', description: 'Trigo', quantity: 2, unit: 'Kg', price: 250, tax: [{ type: '01', rate_code: '02' }] };

describe('combos (DetalleSurtido): the line is the sum of its components, each at its own rate', () => {
  it('two packs of coffee at 13 % (one discount of 100) and wheat at 1 %', () => {
    // coffee 1 000 − 100 = 900, VAT 117; wheat 2 × 250 = 500, VAT 5. Line: 2 × 1 500 = 3 000, discount 2 × 100 = 200,
    // SubTotal 2 800, BaseImponible 2 × 1 400 = 2 800, Monto 2 × 117 + 2 × 5 = 244, total 3 044
    const xml = issue(withItems('01-factura', [{ ...PACK, quantity: 2, surtido_items: [{ ...COFFEE, discount: [{ amount: 100, code: '07' }] }, WHEAT] }]));
    const line = xml.slice(xml.lastIndexOf('</DetalleSurtido>'));
    expect([one(line, 'PrecioUnitario'), one(line, 'MontoTotal'), one(line, 'MontoDescuento'), one(line, 'SubTotal'), one(line, 'BaseImponible'), one(line, 'Monto'), one(line, 'MontoTotalLinea')])
      .toEqual(['1500.00000', '3000.00000', '200.00000', '2800.00000', '2800.00000', '244.00000', '3044.00000']);
    expect(line.slice(0, line.indexOf('</Impuesto>'))).not.toContain('CodigoTarifaIVA');
    expect(all(xml, 'MontoImpuestoSurtido')).toEqual(['117.00000', '5.00000']);
    expect(all(xml, 'TotalMontoImpuesto')).toEqual(['234.00000', '10.00000']); // 01/08 and 01/02
    expect([one(xml, 'TotalMercanciasGravadas'), one(xml, 'TotalImpuesto'), one(xml, 'TotalComprobante')]).toEqual(['3000.00000', '244.00000', '3044.00000']);
  });

  it('a component exempt (rate code 10) counts as exempt goods', () => {
    const xml = issue(withItems('01-factura', [{ ...PACK, quantity: 1, surtido_items: [COFFEE, { ...WHEAT, quantity: 1, price: 200, tax: [{ type: '01', rate_code: '10' }] }] }]));
    expect([one(xml, 'TotalMercanciasGravadas'), one(xml, 'TotalMercanciasExentas'), one(xml, 'TotalImpuesto'), one(xml, 'TotalComprobante')])
      .toEqual(['1000.00000', '200.00000', '130.00000', '1330.00000']);
  });

  it('exonerated by amount across two rates: TarifaExonerada 0, broken down under rate code 08', () => {
    // Monto 2 × 130 + 2 × 5 = 270; exonerated 100; net 170; exonerated share 3 000 × 100 / 270 = 1 111.11111
    const xml = issue(withItems('01-factura', [{ ...PACK, quantity: 2, surtido_items: [COFFEE, WHEAT], exoneration: { ...EXO, amount: 100 } }]));
    expect([one(xml, 'TarifaExonerada'), one(xml, 'MontoExoneracion'), one(xml, 'ImpuestoNeto'), one(xml, 'TotalMercExonerada'), one(xml, 'TotalMercanciasGravadas')])
      .toEqual(['0.00', '100.00000', '170.00000', '1111.11111', '1888.88889']);
    expect(xml).toContain('<TotalDesgloseImpuesto><Codigo>01</Codigo><CodigoTarifaIVA>08</CodigoTarifaIVA><TotalMontoImpuesto>170.00000</TotalMontoImpuesto></TotalDesgloseImpuesto>');
  });
});

describe('every element a combo component carries', () => {
  it('writes CodigoComercialSurtido, UnidadMedidaComercialSurtido, IVACobradoFabricaSurtido and DatosImpuestoEspecificoSurtido', () => {
    // rum and cola: 1 × 1 200, alcohol 355 ml × 5 % = 17.75 ml × 2 = 35.50, base 1 235.50, VAT 160.615;
    // factory-taxed soap (02): exempt. Line: 1 200 + 600 = 1 800, taxes 35.50 + 160.615, total 1 996.115
    const components = [
      { cabys_code: '2413900000200', description: 'Ron con cola, lata 355 ml', quantity: 1, unit: 'Unid', price: 1200, commercial_codes: [{ type: '03', code: '7440001112223' }],
        commercial_unit: 'Lata', tax: [{ type: '04', specific: { unit_quantity: 355, percentage: 5, tax_per_unit: 2 } }, { type: '01', rate_code: '08' }] },
      { cabys_code: '3532101010199', description: 'Jabón de tocador', quantity: 2, unit: 'Unid', price: 300, iva_charged_at_factory: '02', tax: [{ type: '01', rate_code: '10' }] },
    ];
    const xml = issue(withItems('01-factura', [{ ...PACK, cabys_code: '3532902000000', quantity: 1, surtido_items: components }]));
    for (const element of ['CodigoComercialSurtido', 'UnidadMedidaComercialSurtido', 'IVACobradoFabricaSurtido', 'DatosImpuestoEspecificoSurtido']) expect(xml).toContain(`<${element}>`);
    expect([one(xml, 'ProporcionSurtido'), all(xml, 'MontoImpuestoSurtido'), one(xml, 'BaseImponibleSurtido')]).toEqual(['17.75000', ['35.50000', '160.61500', '0.00000'], '1235.50000']);
    expect([one(xml, 'TotalMercanciasGravadas'), one(xml, 'TotalMercanciasExentas'), one(xml, 'TotalImpuesto'), one(xml, 'TotalComprobante')])
      .toEqual(['1200.00000', '600.00000', '196.11500', '1996.11500']);
  });
});

describe('VAT computed on an edited base, by factor, and specific taxes', () => {
  it('IVA cálculo especial (07): BaseImponible is the edited base the tax was computed on', () => {
    // 3 000 × 13 % = 390; total 4 500 + 390 = 4 890
    const xml = issue(withItems('04-tiquete', [{ ...SERVICE, tax: [{ type: '07', rate_code: '08', taxable_base: 3000 }] }]));
    expect([one(xml, 'BaseImponible'), one(xml, 'Monto'), one(xml, 'TotalComprobante')]).toEqual(['3000.00000', '390.00000', '4890.00000']);
  });

  it('IVA régimen de bienes usados (08): factor × SubTotal', () => {
    // 50 000 × 0.0354 = 1 770
    const xml = issue(withItems('04-tiquete', [{ ...SERVICE, price: 50000, tax: [{ type: '08', iva_factor: '0.0354' }] }]));
    expect([one(xml, 'FactorCalculoIVA'), one(xml, 'Monto'), one(xml, 'TotalComprobante')]).toEqual(['0.0354', '1770.00000', '51770.00000']);
  });

  it('alcohol (04): Cantidad × Proporción × ImpuestoUnidad, and it enters the VAT base', () => {
    // Proporción 750 × 40 % = 300 ml; 6 × 300 × 0.5 = 900; base 30 000 + 900 = 30 900; VAT 4 017; total 34 917
    const xml = issue(withItems('04-tiquete', [{ cabys_code: '2413100000200', quantity: 6, unit: 'Unid', description: 'Whisky 750 ml', price: 5000,
      tax: [{ type: '04', specific: { unit_quantity: 750, percentage: 40, tax_per_unit: 0.5 } }, { type: '01', rate_code: '08' }] }]));
    expect([one(xml, 'Proporcion'), all(xml, 'Monto'), one(xml, 'BaseImponible'), one(xml, 'TotalComprobante')]).toEqual(['300.00000', ['900.00000', '4017.00000'], '30900.00000', '34917.00000']);
  });

  it('bottled drinks (05): Cantidad × CantidadUnidadMedida × ImpuestoUnidad / VolumenUnidadConsumo; toilet soap by volume', () => {
    // 24 × 355 × 20 / 250 = 681.60; base 12 681.60; VAT 1 648.608; total 14 330.208
    const drink = issue(withItems('04-tiquete', [{ cabys_code: '2449001000000', quantity: 24, unit: 'Unid', description: 'Refresco 355 ml', price: 500,
      tax: [{ type: '05', specific: { unit_quantity: 355, consumption_unit_volume: 250, tax_per_unit: 20 } }, { type: '01', rate_code: '08' }] }]));
    expect([all(drink, 'Monto'), one(drink, 'TotalComprobante')]).toEqual([['681.60000', '1648.60800'], '14330.20800']);
    // 10 × 125 g × 0.1 = 125; base 8 125; VAT 1 056.25; total 9 181.25
    const soap = issue(withItems('04-tiquete', [{ cabys_code: '3532101010199', quantity: 10, unit: 'Unid', description: 'Jabón de tocador 125 g', price: 800,
      tax: [{ type: '05', specific: { unit_quantity: 125, consumption_unit_volume: 125, tax_per_unit: 0.1 } }, { type: '01', rate_code: '08' }] }]));
    expect([all(soap, 'Monto'), one(soap, 'TotalComprobante')]).toEqual([['125.00000', '1056.25000'], '9181.25000']);
  });

  it('tobacco (06) and fuel (03) stay out of the VAT base; fuel is litres × tax per litre', () => {
    // tobacco 10 × 20 × 2.5 = 500; VAT 25 000 × 13 % = 3 250; total 28 750
    const tobacco = issue(withItems('04-tiquete', [{ cabys_code: '2502000000200', quantity: 10, unit: 'Unid', description: 'Cigarrillos, cajetilla de 20', price: 2500,
      tax: [{ type: '06', specific: { unit_quantity: 20, tax_per_unit: 2.5 } }, { type: '01', rate_code: '08' }] }]));
    expect([all(tobacco, 'Monto'), one(tobacco, 'BaseImponible'), one(tobacco, 'TotalComprobante')]).toEqual([['500.00000', '3250.00000'], '25000.00000', '28750.00000']);
    // fuel 40 × 265 = 10 600 (the annex does not multiply by Cantidad); exempt VAT; total 28 000 + 10 600
    const fuel = issue(withItems('04-tiquete', [{ cabys_code: '3331100010000', quantity: 40, unit: 'L', description: 'Gasolina súper', price: 700,
      tax: [{ type: '03', specific: { unit_quantity: 40, tax_per_unit: 265 } }, { type: '01', rate_code: '10' }] }]));
    expect([all(fuel, 'Monto'), one(fuel, 'TotalComprobante')]).toEqual([['10600.00000', '0.00000'], '38600.00000']);
  });

  it('cement (12): 5 % of the SubTotal, inside the VAT base', () => {
    // 500; base 10 500; VAT 1 365; total 11 865
    const xml = issue(withItems('04-tiquete', [{ cabys_code: '3744001000100', quantity: 1, unit: 'Unid', description: 'Cemento, saco de 50 kg', price: 10000, tax: [{ type: '12' }, { type: '01', rate_code: '08' }] }]));
    expect([one(xml, 'Tarifa'), all(xml, 'Monto'), one(xml, 'BaseImponible'), one(xml, 'TotalComprobante')]).toEqual(['5.00', ['500.00000', '1365.00000'], '10500.00000', '11865.00000']);
  });
});

describe('VAT returned', () => {
  it('on a health service paid by card: the total leaves it out', () => {
    // 20 000 at 4 % = 800, all returned: total 20 000
    const xml = issue(withItems('04-tiquete', [{ cabys_code: '9310100000300', quantity: 1, unit: 'Sp', description: 'Consulta de medicina general', price: 20000, tax: { type: '01', rate_code: '04' } }],
      { commercial_info: { currency: 'CRC', sale_condition: '01', payment_method: 'card' }, totals: { total_iva_returned: 800 } }));
    expect([one(xml, 'TotalImpuesto'), one(xml, 'TotalIVADevuelto'), one(xml, 'TotalComprobante')]).toEqual(['800.00000', '800.00000', '20000.00000']);
  });
});

describe('edges the annex leaves to arithmetic', () => {
  it('a pack of 2.5 whose components are given away entirely keeps its SubTotal at 0, not below', () => {
    // each component 10.00001 − 10.00001 = 0; discounts 2.5 × 10.00001 = 25.000025 each, rounded up twice,
    // would exceed MontoTotal 2.5 × 20.00002 = 50.00005 by 0.00001: the rounding is taken off the largest
    const part = (cabys: string, code: string) => ({ cabys_code: cabys, description: 'Componente', quantity: 1, unit: 'Kg', price: '10.00001', discount: [{ amount: '10.00001', code }], tax: [{ type: '01', rate_code: '08' }] });
    const xml = issue(withItems('01-factura', [{ ...PACK, quantity: 2.5, surtido_items: [part('2391102010100', '04'), part('0111100000100', '05')] }]));
    const line = xml.slice(xml.lastIndexOf('</DetalleSurtido>'));
    expect([one(line, 'MontoTotal'), all(line, 'MontoDescuento'), one(line, 'SubTotal')]).toEqual(['50.00005', ['25.00002', '25.00003'], '0.00000']);
  });

  it('a pack of special-computation VAT (07) is exonerated like one of VAT 01', () => {
    // two components, edited bases 800 and 200 at 13 %: Monto 104 + 26 = 130; 13 % exonerated: 130; net 0
    const special = (price: number, base: number) => ({ ...COFFEE, price, tax: [{ type: '07', rate_code: '08', taxable_base: base }] });
    const xml = issue(withItems('01-factura', [{ ...PACK, quantity: 1, surtido_items: [special(1000, 800), { ...special(500, 200), cabys_code: '0111100000100' }], exoneration: { ...EXO, percentage: 13 } }]));
    expect([one(xml, 'Monto'), one(xml, 'TarifaExonerada'), one(xml, 'MontoExoneracion'), one(xml, 'ImpuestoNeto'), one(xml, 'TotalComprobante')])
      .toEqual(['130.00000', '13.00', '130.00000', '0.00000', '1500.00000']);
  });

  it('used-goods VAT (08) exonerated in full: the factor as the exonerated rate, the whole tax exonerated', () => {
    // 50 000 × 0.0354 = 1 770; TarifaExonerada 3.54; MontoExoneracion 50 000 × 3.54 % = 1 770
    const xml = issue(withItems('04-tiquete', [{ ...SERVICE, price: 50000, tax: [{ type: '08', iva_factor: '0.0354' }], exoneration: EXO }]));
    expect([one(xml, 'Monto'), one(xml, 'TarifaExonerada'), one(xml, 'MontoExoneracion'), one(xml, 'TotalComprobante')]).toEqual(['1770.00000', '3.54', '1770.00000', '50000.00000']);
  });

  it('a single payment with an amount must be the whole total', () => {
    const body = example('04-tiquete');
    body['commercial_info'].payment_method = [{ method: 'cash', amount: 5 }];
    expect(refusedAt(body)).toEqual(['commercial_info.payment_method']);
    body['commercial_info'].payment_method = [{ method: 'cash', amount: 5085 }];
    expect(all(issue(body), 'TotalMedioPago')).toEqual(['5085.00000']);
  });

  it('a gift inside a pack, exonerated, assumes what a plain line would', () => {
    // one of four given away at 13 %, 6.5 % exonerated: Monto 130, exonerated 65, assumed 16.25, net 48.75
    const xml = issue(withItems('01-factura', [{ ...PACK, quantity: 1, exoneration: { ...EXO, percentage: 6.5 },
      surtido_items: [{ ...COFFEE, quantity: 4, price: 250, discount: [{ amount: 250, code: '01' }] }] }]));
    expect([one(xml, 'MontoExoneracion'), one(xml, 'ImpuestoAsumidoEmisorFabrica'), one(xml, 'ImpuestoNeto')]).toEqual(['65.00000', '16.25000', '48.75000']);
  });

  it('a gift with another discount on the same line: VAT on the Monto Total; nothing paid, all of it assumed', () => {
    // 4 500 − 500 (07) − 4 000 (01) = 0; Monto 4 500 × 13 % = 585 (page 42), all assumed; total 0
    const xml = issue(withItems('04-tiquete', [{ ...SERVICE, discount: [{ amount: 500, code: '07' }, { amount: 4000, code: '01' }] }]));
    expect([one(xml, 'SubTotal'), one(xml, 'Monto'), one(xml, 'ImpuestoAsumidoEmisorFabrica'), one(xml, 'ImpuestoNeto'), one(xml, 'TotalComprobante')])
      .toEqual(['0.00000', '585.00000', '585.00000', '0.00000', '0.00000']);
  });
});
