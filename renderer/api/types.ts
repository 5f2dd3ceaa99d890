/**
 * The API's shapes the screens read, as the server writes them (src/api/document-views.ts,
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

export interface Product {
  id: number | string;
  code: string | null;
  barcode: string | null;
  description: string;
  cabys_code: string;
  unit: string | null;
  price: string | number;
  currency: string;
  tax_code: string | null;
  tax_rate_code: string | null;
  is_active: boolean;
}

export interface EnvironmentReachability {
  available: boolean | null;
  checked_at?: string | null;
  /** The last attempt, successful or not. */
  last_check?: string | null;
  /** When the tax authority last answered (beyond the spec: src/api/hacienda-views.ts); null if never. */
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
