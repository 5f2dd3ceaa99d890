/**
 * The calls the counter makes, over the shared client (renderer/api/client.ts): the organization with its
 * stored issuer location (docs/organization-address.md), saving that location, the live totals of a draft
 * (POST /hacienda/validate, docs/draft-totals.md), the shared searches and issuing, saving a line rung up
 * by CABYS code as a product (docs/products.md), voiding the last ticket, reading a scanned scale label
 * and printing on the till's thermal printer (docs/tills.md). One interface, so the stores' tests hand it a fake.
 */
import { api as defaultClient, BACKGROUND, type ApiClient } from '../api/client.ts';
import type { DraftCheck } from '../api/draft-check.ts';
import type { DocumentPrintedView, PrinterView, ProductInputView, ScanView } from '../api/schemas.ts';
import type { DocumentDetail, DocumentSubmitted, OrganizationProfile, Product } from '../api/types.ts';
import type { DocumentView } from '../api/schemas.ts';
import type { VoidSubmitted } from '../api/types.ts';
import type { Address } from '../shared/address.ts';
import { withApproval } from '../shared/approval/with-approval.ts';

/** The profile plus the member beyond the spec the counter reads. */
export interface CounterOrganization extends OrganizationProfile {
  address?: Address | null;
}

/**
 * POST /products as the counter sends it (the server's ProductInput): the line's item under a short code and
 * name (docs/products.md), its price as decimal text, always with its rate code and (beyond the spec)
 * whether `price` is the shelf price with VAT.
 */
export type CounterProductInput = Required<Pick<ProductInputView, 'code' | 'description' | 'cabys_code' | 'unit' | 'price_includes_vat'>> & {
  price: string;
  tax_rate_code: string;
};

/** A document as the counter reads it: with how its receipt printed (`print`, docs/tills.md). */
export type CounterDocument = DocumentDetail & Partial<Pick<DocumentView, 'print'>>;

export function counterApi(client: ApiClient = defaultClient) {
  return {
    organization: () => client.data<CounterOrganization>('GET', '/organizations/me'),
    saveAddress: (address: Address) => client.data<CounterOrganization>('PUT', '/organizations/me', { address }),
    validate: (draft: unknown) => client.data<DraftCheck>('POST', '/hacienda/validate', draft),
    taxRates: client.taxRates,
    searchProducts: client.searchProducts,
    searchCabys: client.searchCabys,
    // X-Cash-Received: the cash handed over, for the receipt the till's printer prints after issuing (docs/tills.md).
    // A cashier's refusal a supervisor may approve (a discount above the shop's limit): the one the server names (docs/tills.md).
    issue: (request: unknown, cashReceived: string | null = null) => withApproval((approval) =>
      client.data<DocumentSubmitted>('POST', '/electronic-documents', request, { ...approval, ...(cashReceived ? { 'x-cash-received': cashReceived } : {}) })),
    // Read by the issued ticket's status poll only: in the background, so an open counter still locks.
    document: (key: string) => client.data<CounterDocument>('GET', `/electronic-documents/${encodeURIComponent(key)}`, undefined, BACKGROUND),
    /** A scanned code: a scale label with its quantity, or a barcode (docs/tills.md). */
    scan: (code: string) => client.data<ScanView>('GET', `/products/scan/${encodeURIComponent(code)}`),
    printers: () => client.data<PrinterView[]>('GET', '/printers'),
    /** Prints (or reprints) a document's receipt on its till's thermal printer. */
    printReceipt: (key: string, body: { cash_received?: string; copy?: boolean }) => client.data<DocumentPrintedView>('POST', `/documents/${encodeURIComponent(key)}/print`, body),
    saveProduct: (product: CounterProductInput) => client.data<Product>('POST', '/products', product),
    // `headers`: a supervisor's approval when the cashier's role may not void (shared/approval).
    voidDocument: (key: string, headers?: Record<string, string>) => client.data<VoidSubmitted>('POST', `/documents/${encodeURIComponent(key)}/void`, {}, headers),
  };
}

export type CounterApi = ReturnType<typeof counterApi>;
