/**
 * The API's answers as the server's own TypeBox schemas type them (src/api/sections/<section>/schemas.ts):
 * `Static<typeof …Reply>['data']`, one type per answer. Types only — `import type` keeps every schema out of
 * the bundle (the layer table allows `type:src/` here, nothing more). renderer/api/types.ts and the screens'
 * types.ts pick from these the members they read, so a renamed or retyped member breaks the renderer's
 * typecheck instead of a screen at run time (test/unit/renderer/api-types.test.ts checks real answers too).
 */
import type { Static, TSchema } from 'typebox';
import type * as Documents from '../../src/api/sections/documents/schemas.ts';
import type * as Webhooks from '../../src/api/sections/webhooks/schemas.ts';
import type * as Products from '../../src/api/sections/products/schemas.ts';
import type * as ProductScan from '../../src/api/sections/products/scan-schemas.ts';
import type * as TillSettings from '../../src/api/sections/tills/settings-schemas.ts';
import type * as Recipients from '../../src/api/sections/recipients/schemas.ts';
import type * as Catalogs from '../../src/api/sections/catalogs/schemas.ts';
import type * as ExchangeRates from '../../src/api/sections/exchange-rates/schemas.ts';
import type * as Hacienda from '../../src/api/sections/hacienda/schemas.ts';
import type * as Taxpayers from '../../src/api/sections/hacienda/taxpayer-schemas.ts';
import type * as Status from '../../src/api/sections/status/schemas.ts';
import type * as Keys from '../../src/api/sections/keys/schemas.ts';
import type * as Account from '../../src/api/sections/keys/account-schemas.ts';
import type * as Organizations from '../../src/api/sections/organizations/schemas.ts';
import type * as Settings from '../../src/api/sections/organizations/settings-schemas.ts';
import type * as Smtp from '../../src/api/sections/organizations/smtp-schemas.ts';
import type * as Certificate from '../../src/api/sections/organizations/certificate-schemas.ts';
import type * as GoLive from '../../src/api/sections/organizations/go-live-schemas.ts';
import type * as Backups from '../../src/api/sections/backups/schemas.ts';
import type * as Received from '../../src/api/sections/received-documents/schemas.ts';
import type * as Deadlines from '../../src/api/sections/received-documents/deadline-schemas.ts';
import type * as Reports from '../../src/api/sections/reports/schemas.ts';
import type * as Cashiers from '../../src/api/sections/cashiers/schemas.ts';
import type * as Tills from '../../src/api/sections/tills/schemas.ts';
import type * as Shifts from '../../src/api/sections/shifts/schemas.ts';
import type * as Printers from '../../src/api/sections/printers/schemas.ts';
import type * as HeadOfficeTills from '../../src/api/sections/tills/head-office-schemas.ts';
import type * as HeadOffice from '../../src/api/sections/head-office/schemas.ts';

/** The `data` of an envelope schema (src/api/schema-types.ts Envelope). */
export type Data<S extends TSchema> = Static<S> extends { data: infer D } ? D : never;
/** The element of an array answer. */
type Item<S extends TSchema> = Data<S> extends readonly (infer I)[] ? I : never;

// Documents (src/api/sections/documents/schemas.ts).
export type DocumentView = Static<typeof Documents.DocumentView>;
export type RelatedDocumentView = Static<typeof Documents.RelatedDocument>;
export type ResponseSignatureView = Static<typeof Documents.ResponseSignature>;
export type DocumentSubmittedView = Static<typeof Documents.DocumentSubmitted>;
export type VoidSubmittedView = Data<typeof Documents.VoidReply>;
export type DocumentListItemView = Static<typeof Documents.DocumentListItem>;
export type DocumentListReplyView = Static<typeof Documents.DocumentListReply>;

// Webhooks.
export type WebhookView = Data<typeof Webhooks.WebhookReply>;
export type WebhookCreatedView = Data<typeof Webhooks.WebhookCreatedReply>;
export type WebhookSecretView = Data<typeof Webhooks.WebhookSecretReply>;
export type WebhookDeliveryView = Data<typeof Webhooks.DeliveryReply>;
export type WebhookInputView = Static<typeof Webhooks.WebhookInput>;

// Products and recipients.
export type ProductView = Static<typeof Products.Product>;
export type ProductInputView = Static<typeof Products.ProductInput>;
export type ProductImportView = Data<typeof Products.ProductImportReply>;
export type RecipientView = Data<typeof Recipients.RecipientReply>;
export type RecipientInputView = Static<typeof Recipients.RecipientInput>;
export type PaginationView = Static<typeof Products.ProductListReply>['pagination'];

// Catalogs and exchange rates.
export type CabysCodeView = Static<typeof Catalogs.CabysCode>;
export type CabysCodeDetailView = Static<typeof Catalogs.CabysCodeDetail>;
export type CabysBrowseItemView = Static<typeof Catalogs.CabysBrowseItem>;
export type TariffCodeView = Static<typeof Catalogs.TariffCode>;
export type TariffCodeDetailView = Static<typeof Catalogs.TariffCodeDetail>;
export type AddressSearchResultView = Static<typeof Catalogs.AddressSearchResult>;
export type CodeEntryView = Static<typeof Catalogs.CodeEntry>;
export type TaxRateEntryView = Static<typeof Catalogs.TaxRateEntry>;
export type ExchangeRateView = Static<typeof ExchangeRates.ExchangeRate>;

// The tax authority: reachability, the draft check, the taxpayer register; the service status.
export type HaciendaStatusView = Data<typeof Hacienda.HaciendaStatusReply>;
export type ServiceStatusView = Data<typeof Status.StatusReply>;
export type DraftResultView = Data<typeof Hacienda.DraftResultReply>;
export type TaxpayerView = Static<typeof Taxpayers.Taxpayer>;

// Keys, the account, the organization and its settings.
export type ApiKeyView = Item<typeof Keys.ApiKeyListReply>;
export type ApiKeyCreatedView = Data<typeof Keys.ApiKeyCreatedReply>;
export type ApiKeyInputView = Static<typeof Keys.ApiKeyInput>;
export type AccountView = Data<typeof Account.AccountReply>;
export type PriceListView = Data<typeof Account.PriceListReply>;
export type OrganizationProfileView = Data<typeof Organizations.ProfileReply>;
export type OrganizationInputView = Static<typeof Organizations.OrganizationInput>;
export type CounterView = Data<typeof Settings.CounterReply>;
export type CounterInputView = Static<typeof Settings.CounterInput>;
export type BrandingView = Data<typeof Settings.BrandingReply>;
export type BrandingInputView = Static<typeof Settings.BrandingInput>;
export type SmtpSettingsView = Data<typeof Smtp.SmtpSettingsReply>;
export type SmtpSettingsInputView = Static<typeof Smtp.SmtpSettingsInput>;
export type SmtpTestView = Data<typeof Smtp.SmtpTestReply>;
export type GoLiveView = Data<typeof GoLive.GoLiveReply>;
export type CertificateUploadView = Static<typeof Certificate.CertificateUpload>;
export type UploadedCertificateView = Data<typeof Certificate.UploadReply>;
export type CertificateStatusView = Data<typeof Certificate.CertificateStatusReply>;
export type BackupView = Static<typeof Backups.Backup>;
export type BackupRestoredView = Static<typeof Backups.Restored>;

// Suppliers' documents ("Compras"; src/api/sections/received-documents/schemas.ts).
export type ReceivedDocumentView = Static<typeof Received.ReceivedDocument>;
export type ReceivedFindingView = Static<typeof Received.Finding>;
export type ReceivedListReplyView = Static<typeof Received.ReceivedListReply>;
export type ReceivedUploadView = Data<typeof Received.UploadReply>;
export type ReceivedAnswerInputView = Static<typeof Received.AnswerBody>;
export type DeadlinesView = Data<typeof Deadlines.DeadlinesReply>;

// The monthly VAT worksheet ("Declaración IVA"; src/api/sections/reports/schemas.ts).
export type VatWorksheetView = Data<typeof Reports.VatReply>;
export type VatLineDocumentView = Item<typeof Reports.VatLineReply>;

// The tills: cashiers, the session's cashier and approvals, shifts and their X/Z, printers (docs/tills.md).
export type CashierView = Data<typeof Cashiers.CashierReply>;
export type PadCashierView = Static<typeof Tills.PadCashier>;
export type SessionCashierView = Data<typeof Tills.SessionCashierReply>;
export type ApprovalView = Data<typeof Tills.ApprovalReply>;
export type ShiftView = Data<typeof Shifts.ShiftReply>;
export type ShiftReportView = Data<typeof Shifts.ReportReply>;
export type CashMovementView = Data<typeof Shifts.MovementReply>;
export type ShiftPrintView = Data<typeof Shifts.PrintReply>;
export type PrinterView = Data<typeof Printers.PrinterReply>;
export type PrinterInputView = Static<typeof Printers.PrinterInput>;
export type PrintOutcomeView = Data<typeof Printers.PrintOutcomeReply>;

// Scale labels and the till settings (docs/tills.md, "Till settings").
export type ScanView = Data<typeof ProductScan.ScanReply>;
export type TillSettingsView = Data<typeof TillSettings.TillSettingsReply>;
export type TillSettingsInputView = Static<typeof TillSettings.TillSettingsInput>;
export type DocumentPrintedView = Data<typeof Documents.PrintedReply>;

// A head office's paired tills (docs/replication.md, "Pairing").
export type PairingCodeView = Data<typeof HeadOfficeTills.PairingCodeReply>;
export type PairedTillView = Static<typeof HeadOfficeTills.Till>;

// A till's own head office (docs/replication.md, "La caja").
export type HeadOfficeLinkView = Data<typeof HeadOffice.LinkStatusReply>;
export type HeadOfficePairedView = Data<typeof HeadOffice.PairReply>;
export type HeadOfficePairInput = Static<typeof HeadOffice.PairRequest>;
