/**
 * The till's side of the wire (docs/replication.md, "La caja"): the head office's address as it is stored, and
 * the head office's products and customers as the till's store fields — shape-checked, money as decimal text.
 */
import { describe, expect, it } from 'vitest';
import { headOfficeBase } from '../../../src/replication/till/head-office-client.ts';
import { incomingCustomer, incomingProduct } from '../../../src/replication/till/incoming.ts';

describe('the head office address', () => {
  it('keeps scheme, host, port and prefix, without a trailing slash or /api/v1', () => {
    expect(headOfficeBase('https://matriz.example.cr/')).toBe('https://matriz.example.cr');
    expect(headOfficeBase(' http://10.0.0.5:8780/api/v1/ ')).toBe('http://10.0.0.5:8780');
    expect(headOfficeBase('https://example.cr/facturador/')).toBe('https://example.cr/facturador');
  });

  it('refuses what is not an http(s) base address', () => {
    for (const bad of ['ftp://example.cr', 'matriz', 'https://user:pw@example.cr', 'https://example.cr/?x=1', 'file:///etc/passwd']) {
      expect(() => headOfficeBase(bad), bad).toThrow();
    }
  });
});

describe("the head office's products and customers", () => {
  const product = { id: 9, code: 'CAF-500', barcode: null, description: 'Café molido', cabys_code: '2391102010200', unit: 'Unid', price: '3250.5', currency: 'CRC', tax_code: '01', tax_rate_code: '08', tax_rate: '13', is_active: true, price_includes_vat: false, created_at: 'x', updated_at: 'y' };

  it('takes a product as the API shows it, leaving ids and timestamps out', () => {
    expect(incomingProduct(product)).toEqual({ code: 'CAF-500', barcode: null, description: 'Café molido', cabysCode: '2391102010200', unit: 'Unid', price: '3250.5', currency: 'CRC', taxCode: '01', taxRateCode: '08', isActive: true, priceIncludesVat: false });
  });

  it('skips a product without a code or with a price that is not decimal text', () => {
    expect(incomingProduct({ ...product, code: '' })).toBeUndefined();
    expect(incomingProduct({ ...product, price: 3250.5 })).toBeUndefined();
    expect(incomingProduct({ ...product, price: '1e3' })).toBeUndefined();
  });

  it('takes a customer by its identification, and skips one without it', () => {
    expect(incomingCustomer({ name: 'Distribuidora Central', identification_type: '02', identification_number: '3101654321', email: 'a@b.cr' })).toMatchObject({ name: 'Distribuidora Central', identificationNumber: '3101654321', email: 'a@b.cr', isForeign: false, phone: null });
    expect(incomingCustomer({ name: 'Sin cédula', identification_type: '02' })).toBeUndefined();
  });
});
