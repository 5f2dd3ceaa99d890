/**
 * The API's shapes the screens read, as the server writes them (src/api/sections/documents/views.ts,
 * reference-views.ts, organization-views.ts, product-views.ts, hacienda-views.ts). Written out here rather
 * than imported: the renderer may import only types from src/, and those views are functions over rows
 * whose types pull in the store. Only the members a screen uses are listed.
 */

export type DocumentStatus = 'processing' | 'sent' | 'queued' | 'accepted' | 'rejected' | 'error' | (string & {});

export interface DocumentSubmitted {
  id: number;
  document_key: string;
  consecutive_number: string;
  document_type: string;
  document_type_name: string;
  environment: string;
  status: DocumentStatus;
  queued_at: string;
}

export interface DocumentListItem {
  id: string;
  document_key: string;
  consecutive_number: string;
  document_type: string;
  status: DocumentStatus;
  hacienda_status: string | null;
  receptor_name: string | null;
  currency: string;
  total: number;
  created_at: string;
}

export interface Rejection {
  code?: string;
  message?: string;
  [member: string]: unknown;
}

export interface DocumentDetail {
  id: number;
  document_key: string;
  consecutive_number: string;
  document_type: string;
  document_type_name: string;
  status: DocumentStatus;
  hacienda_status: string | null;
  hacienda_message: string | null;
  hacienda_response_at: string | null;
  receptor_name: string | null;
  currency: string;
  net_amount: number;
  tax_amount: number;
  total_amount: number;
  rejections: Rejection[] | string[] | null;
  created_at: string;
}

export interface OrganizationProfile {
  uuid: string;
  name: string;
  legal_name: string | null;
  identification_type: string;
  identification_number: string;
  email: string | null;
  phone: string | null;
  economic_activities: string[];
  default_environment: string;
  /** Beyond the spec: the screens' prices include VAT (docs/document-request.md); absent from an older server. */
  prices_include_vat?: boolean;
}

export interface CabysCode {
  code: string;
  description_9: string;
  /** VAT percentage (13, 4, 0…), null when the catalogue has none. */
  tax_rate: number | null;
}

export interface TaxRateEntry {
  code: string;
  name: string;
  rate: number | null;
}

/** GET /products: a saved product (src/api/sections/products/schemas.ts, docs/products.md). */
export interface Product {
  id: number;
  code: string;
  barcode: string | null;
  description: string;
  cabys_code: string;
  unit: string;
  /** Decimal text, exact ("3250.5"). */
  price: string;
  currency: string;
  tax_code: string;
  tax_rate_code: string | null;
  /** VAT percentage of the rate code as decimal text ("13", "0.5"). */
  tax_rate: string | null;
  is_active: boolean;
  /** Beyond the spec: `price` is the shelf price with VAT (true) or before tax (false). */
  price_includes_vat: boolean;
  created_at: string;
  updated_at: string;
}

/** A product as the counter's and the invoice's searches read it. */
export type ProductHit = Pick<Product, 'id' | 'code' | 'barcode' | 'description' | 'cabys_code' | 'unit' | 'price' | 'currency' | 'tax_code' | 'tax_rate_code' | 'is_active'>;

export interface EnvironmentReachability {
  available: boolean | null;
  checked_at?: string | null;
  /** The last attempt, successful or not. */
  last_check?: string | null;
  /** When the tax authority last answered (beyond the spec: src/api/sections/hacienda/views.ts); null if never. */
  last_success?: string | null;
  message?: string;
  /** GET /hacienda/status only, beyond the spec: the IdP refuses the stored ATV user or password. */
  credentials_rejected?: boolean;
}

export interface ServiceStatus {
  status: string;
  hacienda: { staging: EnvironmentReachability; production: EnvironmentReachability };
}

export interface HaciendaStatus {
  default_environment: string;
  staging: EnvironmentReachability;
  production: EnvironmentReachability;
}

/** GET /recipients: a saved recipient (src/api/sections/recipients/views.ts); the recipients and invoice screens read it. */
export interface Recipient {
  id: number;
  name: string;
  commercial_name: string | null;
  identification_type: string;
  identification_number: string;
  is_foreign: boolean;
  country_code: string | null;
  province: string | null;
  canton: string | null;
  district: string | null;
  neighborhood: string | null;
  other_address: string | null;
  email: string | null;
  phone: string | null;
  fax: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

/** The `pagination` of a paged list (recipients, products, catalog searches). */
export interface Pagination {
  current_page: number;
  last_page: number;
  total: number;
}

/** The code tables of /reference/* (sale conditions, payment methods, reference codes…). */
export interface CodeEntry {
  code: string;
  name: string;
  description: string;
  note: string | null;
}

/** POST /documents/{key}/void: the credit note, and the key it voids (the documents screen and the counter). */
export interface VoidSubmitted extends DocumentSubmitted {
  voids: string;
}

/** GET /exchange-rates: amounts are decimal text (docs/exchange-rates.md). */
export interface ExchangeRate {
  currency: string;
  date: string;
  buy: string | null;
  sell: string | null;
  entity: string;
  source: string;
  note: string | null;
  stale: boolean;
}
