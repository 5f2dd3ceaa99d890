/**
 * The API's shapes the screens read, derived from the server's TypeBox schemas (renderer/api/schemas.ts,
 * `Static<typeof …>`): each picks the members the screens use, so a member the server renames or retypes
 * breaks the typecheck here. Types only: nothing of src/ enters the bundle. Where the schema says less than
 * the screens read (a rejection's members, the two status answers' environments), the type is written out
 * and says so.
 */
import type {
  CabysCodeView, CodeEntryView, DocumentListItemView, DocumentSubmittedView, DocumentView, ExchangeRateView, HaciendaStatusView,
  OrganizationProfileView, PaginationView, ProductView, RecipientView, ServiceStatusView, TaxRateEntryView, VoidSubmittedView,
} from './schemas.ts';

export type DocumentSubmitted = Pick<DocumentSubmittedView, 'id' | 'document_key' | 'consecutive_number' | 'document_type' | 'document_type_name' | 'environment' | 'status' | 'queued_at'>;

export type DocumentListItem = Pick<DocumentListItemView, 'id' | 'document_key' | 'consecutive_number' | 'document_type' | 'status' | 'hacienda_status' | 'receptor_name' | 'currency' | 'total' | 'created_at'>;

/**
 * One entry of a document's `rejections` as src/hacienda/rejections.ts writes it; the schema says only
 * `unknown[]` (older rows hold plain strings), so readers narrow each entry themselves.
 */
export interface Rejection {
  code?: string;
  message?: string;
  [member: string]: unknown;
}

export type DocumentDetail = Pick<DocumentView, 'id' | 'document_key' | 'consecutive_number' | 'document_type' | 'document_type_name' | 'status' | 'hacienda_status'
  | 'hacienda_message' | 'hacienda_response_at' | 'receptor_name' | 'currency' | 'net_amount' | 'tax_amount' | 'total_amount' | 'rejections' | 'created_at'>;

export type OrganizationProfile = Pick<OrganizationProfileView, 'uuid' | 'name' | 'legal_name' | 'identification_type' | 'identification_number' | 'email'
  | 'phone' | 'economic_activities' | 'default_environment'> & Partial<Pick<OrganizationProfileView, 'prices_include_vat'>>;

export type CabysCode = Pick<CabysCodeView, 'code' | 'description_9' | 'tax_rate'>;

export type TaxRateEntry = Pick<TaxRateEntryView, 'code' | 'name' | 'rate'>;

/** GET /products: a saved product; `price` and `tax_rate` are decimal text, exact ("3250.5", "13"). */
export type Product = ProductView;

/** A product as the counter's and the invoice's searches read it. */
export type ProductHit = Pick<Product, 'id' | 'code' | 'barcode' | 'description' | 'cabys_code' | 'unit' | 'price' | 'currency' | 'tax_code' | 'tax_rate_code' | 'is_active'>;

type HaciendaEnvironment = HaciendaStatusView['staging'];
type ServiceEnvironment = ServiceStatusView['hacienda']['staging'];

/**
 * One environment's reachability as both GET /hacienda/status and GET /status answer it: the members they
 * share are required, the others optional (`last_check` and `credentials_rejected` only in the first,
 * `checked_at` and `message` only in the second).
 */
export type EnvironmentReachability = Pick<HaciendaEnvironment, 'available' | 'last_success'>
  & Partial<Pick<HaciendaEnvironment, 'last_check' | 'credentials_rejected'>> & Partial<Pick<ServiceEnvironment, 'checked_at' | 'message'>>;

export interface ServiceStatus extends Pick<ServiceStatusView, 'status'> {
  hacienda: { staging: EnvironmentReachability; production: EnvironmentReachability };
}

export interface HaciendaStatus extends Pick<HaciendaStatusView, 'default_environment'> {
  staging: EnvironmentReachability;
  production: EnvironmentReachability;
}

/** GET /recipients: a saved recipient; the recipients and invoice screens read it. */
export type Recipient = Pick<RecipientView, 'id' | 'name' | 'commercial_name' | 'identification_type' | 'identification_number' | 'is_foreign' | 'country_code'
  | 'province' | 'canton' | 'district' | 'neighborhood' | 'other_address' | 'email' | 'phone' | 'fax' | 'notes' | 'created_at' | 'updated_at'>;

/** The `pagination` of a paged list (recipients, products, catalog searches). */
export type Pagination = Pick<PaginationView, 'current_page' | 'last_page' | 'total'>;

/** The code tables of /reference/* (sale conditions, payment methods, reference codes…). */
export type CodeEntry = CodeEntryView;

/** POST /documents/{key}/void: the credit note, and the key it voids (the documents screen and the counter). */
export type VoidSubmitted = DocumentSubmitted & Pick<VoidSubmittedView, 'voids'>;

/** GET /exchange-rates: amounts are decimal text (docs/exchange-rates.md). */
export type ExchangeRate = Pick<ExchangeRateView, 'currency' | 'date' | 'buy' | 'sell' | 'entity' | 'source' | 'note' | 'stale'>;
