/**
 * The request after alias resolution and field checks: canonical names, codes zero-padded, amounts as
 * Decimal, dates as instants. Every entry of a list keeps the request path it was read from, so that the
 * rule catalogue reports a problem where the client wrote the value. `documents/build-model.ts` turns it
 * into the XML-ready DocumentModel.
 */
import type { Decimal } from 'decimal.js';
import type {
  CommercialCode,
  Discount,
  DocumentTypeCode,
  Identification,
  Location,
  OtherCharge,
  OtherText,
  Phone,
  Reference,
} from '../../domain/document-model.ts';
import type { ExonerationInput, TaxInput } from '../../domain/line-totals.ts';
import type { PaymentInput } from '../../domain/summary-totals.ts';
import type { Situation } from '../../domain/clave.ts';
import type { Language } from '../../i18n/validation-messages.ts';

/** Where an entry was read from: `items.0.tax.1`, or `items.0.tax` when a single object was given. */
export interface AtPath {
  path: string;
}

export interface DocumentBlock {
  type: DocumentTypeCode;
  issuedAt: Date;
  situation: Situation;
  activityCode?: string;
  branch: string; // 3 digits
  terminal: string; // 5 digits
  consecutive?: string; // given by the client
  clave?: string; // given by the client
  providerSystemId?: string;
}

export interface CommercialInfo {
  currency: string;
  exchangeRate: Decimal;
  saleCondition: string;
  saleConditionOther?: string;
  creditDays?: number;
  payments: (PaymentInput & AtPath)[];
  /** `prices_include_vat` (beyond the spec): the items' prices and discounts include VAT (vat-included.ts). */
  pricesIncludeVat?: boolean;
}

export interface PartyInput {
  name: string;
  identification: Identification;
  commercialName?: string;
  email?: string;
  emails: string[];
  phone?: Phone;
  location?: Location;
  foreignAddress?: string;
  activityCode?: string;
  fiscalRegistry8707?: string;
}

export type TaxRequest = TaxInput & AtPath;
export type DiscountRequest = Discount & AtPath;

/** One component of a combo (LineaDetalleSurtido) as requested. */
export interface ComponentRequest extends AtPath {
  cabysCode: string;
  commercialCodes: CommercialCode[];
  quantity: Decimal;
  unit: string;
  commercialUnit?: string;
  description: string;
  unitPrice: Decimal;
  discounts: DiscountRequest[];
  taxes: TaxRequest[];
  ivaChargedAtFactory?: string;
}

export interface ItemInput extends AtPath {
  lineNumber: number;
  cabysCode?: string;
  quantity: Decimal;
  unit: string;
  commercialUnit?: string;
  description: string;
  /** Undefined only on a combo without a price: it costs what its components add up to. */
  unitPrice?: Decimal;
  discounts: DiscountRequest[];
  taxes: TaxRequest[];
  /** The item's exoneration; on a plain line it is also attached to the VAT it exonerates. */
  exoneration?: ExonerationInput;
  exportAmount?: Decimal;
  isService: boolean;
  commercialCodes: CommercialCode[];
  tariffCode?: string;
  transactionType?: string;
  medicationRegistry?: string;
  pharmaceuticalForm?: string;
  serialNumbers: string[];
  ivaChargedAtFactory?: string;
  assortment: ComponentRequest[];
  /** `price_includes_vat` as given (beyond the spec); it overrides `commercial_info.prices_include_vat`. */
  priceIncludesVat?: boolean;
}

export interface DeliveryOptions {
  email: boolean;
  recipients: string[];
}

export interface ApiConfig {
  language: Language;
  environment?: string;
  simulate?: 'accepted' | 'rejected';
  callbackUrl?: string;
}

export interface ParsedRequest {
  document: DocumentBlock;
  commercial: CommercialInfo;
  issuer: PartyInput;
  receiver?: PartyInput;
  items: ItemInput[];
  references: (Reference & AtPath)[];
  otherCharges: (OtherCharge & AtPath)[];
  totals: { otherCharges?: Decimal; ivaReturned?: Decimal };
  others: OtherText[];
  delivery?: DeliveryOptions;
  apiConfig: ApiConfig;
  callbackUrl?: string;
  environment?: string;
}
