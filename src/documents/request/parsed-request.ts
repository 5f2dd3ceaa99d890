/**
 * The request after alias resolution and field checks: canonical names, codes zero-padded, amounts as
 * Decimal, dates as instants. `documents/build-model.ts` turns it into the XML-ready DocumentModel.
 */
import type { Decimal } from 'decimal.js';
import type {
  AssortmentLine,
  CommercialCode,
  Discount,
  DocumentTypeCode,
  Identification,
  Location,
  OtherCharge,
  Phone,
  Reference,
} from '../../domain/document-model.ts';
import type { TaxInput } from '../../domain/line-totals.ts';
import type { PaymentInput } from '../../domain/summary-totals.ts';
import type { Situation } from '../../domain/clave.ts';
import type { Language } from '../../i18n/validation-messages.ts';

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
  payments: PaymentInput[];
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

export interface ItemInput {
  lineNumber: number;
  cabysCode?: string;
  quantity: Decimal;
  unit: string;
  commercialUnit?: string;
  description: string;
  unitPrice: Decimal;
  discounts: Discount[];
  taxes: TaxInput[];
  isService: boolean;
  commercialCodes: CommercialCode[];
  tariffCode?: string;
  transactionType?: string;
  medicationRegistry?: string;
  pharmaceuticalForm?: string;
  serialNumbers: string[];
  ivaChargedAtFactory?: string;
  assortment: AssortmentLine[];
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
  references: Reference[];
  otherCharges: OtherCharge[];
  totals: { otherCharges?: Decimal; ivaReturned?: Decimal };
  delivery?: DeliveryOptions;
  apiConfig: ApiConfig;
  callbackUrl?: string;
  environment?: string;
}
