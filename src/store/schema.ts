/**
 * The SQLite schema (drizzle). Migrations in `migrations/` are generated from this file with
 * `npm run db:generate` and committed; `migrate.ts` applies them at start-up.
 * Money is stored as decimal text, never REAL. Timestamps are ISO 8601 text (UTC).
 */
import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Tally } from './intake-outcome.ts';

const timestamps = {
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
};

/** The one local account (a desktop install); plan and status are set by the local administrator. */
export const accounts = sqliteTable('accounts', {
  id: text('id').primaryKey(), // uuid
  name: text('name').notNull(),
  billingEmail: text('billing_email'),
  plan: text('plan').notNull(), // plan code of the shipped price list
  status: text('status').notNull(), // sandbox | active | past_due | canceled
  // When the status last became past_due (the payment failed then); null in any other status. After 7 days: payment_required.
  pastDueSince: text('past_due_since'),
  archiveEnabled: integer('archive_enabled', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
});

/** The issuer's location as the API writes it (`Address`): codes of the official location table. */
export interface OrganizationAddress {
  province: string;
  canton: string;
  district: string;
  neighborhood?: string;
  details: string;
}

export const organizations = sqliteTable(
  'organizations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }), // OrganizationProfile.id (int64)
    uuid: text('uuid').notNull().unique(),
    accountId: text('account_id').notNull().references(() => accounts.id),
    name: text('name').notNull(),
    legalName: text('legal_name'),
    identificationType: text('identification_type').notNull(),
    identificationNumber: text('identification_number').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    economicActivities: text('economic_activities', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    defaultEnvironment: text('default_environment').notNull().default('staging'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    logoUrl: text('logo_url'),
    logoWidth: integer('logo_width'),
    // Beyond the spec: the issuer's location (docs/organization-address.md), which screens put into the
    // documents they issue; the API's clients still send their own.
    address: text('address', { mode: 'json' }).$type<OrganizationAddress>(),
    // Beyond the spec: the screens' prices are shelf prices, VAT included (docs/document-request.md,
    // "Prices with VAT included"); the API's `price` stays before tax unless a request says otherwise.
    pricesIncludeVat: integer('prices_include_vat', { mode: 'boolean' }).notNull().default(true),
    ratePerMinute: integer('rate_per_minute').notNull().default(600),
    ratePerDay: integer('rate_per_day').notNull().default(100000),
    deletedAt: text('deleted_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('organizations_identification').on(t.accountId, t.identificationNumber).where(sql`deleted_at IS NULL`)],
);

/** Branding of an organization's PDFs and e-mails. */
export const brandings = sqliteTable('brandings', {
  organizationId: integer('organization_id').primaryKey().references(() => organizations.id),
  color: text('color'),
  emailReplyTo: text('email_reply_to'),
  emailSenderName: text('email_sender_name'),
  footer: text('footer'),
  logo: blob('logo', { mode: 'buffer' }),
  logoMime: text('logo_mime'),
  updatedAt: text('updated_at').notNull(),
});

export const apiKeys = sqliteTable('api_keys', {
  id: text('id').primaryKey(), // uuid
  accountId: text('account_id').notNull().references(() => accounts.id),
  organizationId: integer('organization_id').references(() => organizations.id), // null: account key
  name: text('name').notNull(),
  mode: text('mode').notNull(), // test | live
  prefix: text('prefix').notNull(),
  secretHash: text('secret_hash').notNull().unique(), // SHA-256 hex of the full secret
  abilities: text('abilities', { mode: 'json' }).$type<string[]>().notNull(),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at'),
  lastUsedAt: text('last_used_at'),
  revokedAt: text('revoked_at'),
});

/** Outgoing mail server of an organization (beyond the spec: the desktop Settings screen). */
export const smtpSettings = sqliteTable('smtp_settings', {
  organizationId: integer('organization_id').primaryKey().references(() => organizations.id),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  secure: integer('secure', { mode: 'boolean' }).notNull().default(false), // TLS from the start (465)
  allowInsecure: integer('allow_insecure', { mode: 'boolean' }).notNull().default(false), // operator's opt-out of STARTTLS (docs/email.md)
  username: text('username'),
  password: blob('password', { mode: 'buffer' }), // vault ciphertext
  fromAddress: text('from_address').notNull(),
  ...timestamps,
});

/** Every e-mail of a document (delivery after acceptance or POST /documents/{key}/email) and its outcome. */
export const documentEmails = sqliteTable(
  'document_emails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    documentId: integer('document_id').notNull().references(() => documents.id),
    recipients: text('recipients', { mode: 'json' }).$type<string[]>().notNull(),
    reason: text('reason').notNull(), // delivery | request
    status: text('status').notNull(), // pending | sent | failed
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: text('sent_at'),
    ...timestamps,
  },
  (t) => [index('document_emails_document').on(t.documentId)],
);

/** Public taxpayer look-ups (GET /hacienda/taxpayers), kept so that an offline counter still finds them. */
export const taxpayerCache = sqliteTable(
  'taxpayer_cache',
  {
    identification: text('identification').primaryKey(),
    name: text('name').notNull(),
    identificationType: text('identification_type').notNull(), // 01..04 as the tax authority says
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(), // the answer as received
    fetchedAt: text('fetched_at').notNull(),
  },
  (t) => [index('taxpayer_cache_name').on(t.name)],
);

/** Signing certificate and tax-authority credentials per organization and environment, encrypted by the vault. */
export const credentials = sqliteTable(
  'credentials',
  {
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    environment: text('environment').notNull(), // staging | production
    p12: blob('p12', { mode: 'buffer' }), // vault ciphertext
    pin: blob('pin', { mode: 'buffer' }), // vault ciphertext
    atvUser: text('atv_user'),
    atvPassword: blob('atv_password', { mode: 'buffer' }), // vault ciphertext
    certificateSubject: text('certificate_subject'),
    certificateSerial: text('certificate_serial'),
    certificateExpiry: text('certificate_expiry'), // YYYY-MM-DD
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.environment] })],
);

/** Next consecutive number per organization, environment, branch, terminal and document type. */
export const counters = sqliteTable(
  'counters',
  {
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    environment: text('environment').notNull(),
    branch: text('branch').notNull(), // 3 digits
    terminal: text('terminal').notNull(), // 5 digits
    documentType: text('document_type').notNull(), // 01..10
    nextValue: integer('next_value').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.environment, t.branch, t.terminal, t.documentType] })],
);

export const documents = sqliteTable(
  'documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    environment: text('environment').notNull(),
    documentType: text('document_type').notNull(), // 01..10, or 05/06/07 for receiver messages
    clave: text('clave').notNull(),
    consecutive: text('consecutive').notNull(),
    situation: text('situation').notNull(),
    status: text('status').notNull(), // processing | sent | queued | accepted | rejected | error
    haciendaStatus: text('hacienda_status'),
    haciendaMessage: text('hacienda_message'),
    haciendaResponseAt: text('hacienda_response_at'),
    emisorIdentification: text('emisor_identification'),
    emisorName: text('emisor_name'),
    receptorIdentification: text('receptor_identification'),
    receptorName: text('receptor_name'),
    currency: text('currency').notNull(),
    exchangeRate: text('exchange_rate'),
    netAmount: text('net_amount').notNull(),
    taxAmount: text('tax_amount').notNull(),
    totalAmount: text('total_amount').notNull(),
    signedXml: blob('signed_xml', { mode: 'buffer' }).notNull(), // the exact bytes that were signed
    responseXml: blob('response_xml', { mode: 'buffer' }),
    // Who signed response_xml and how far it is trusted (src/hacienda/answer-signature.ts): verified |
    // chain_not_verified | invalid | not_tax_authority, the certificate's subject and why; null without an answer.
    responseSignatureState: text('response_signature_state'),
    responseSigner: text('response_signer'),
    responseSignatureDetail: text('response_signature_detail'),
    rejections: text('rejections', { mode: 'json' }).$type<unknown[]>().notNull().default(sql`'[]'`),
    simulate: text('simulate'), // accepted | rejected (test keys only)
    callbackUrl: text('callback_url'),
    transactionId: text('transaction_id').notNull(), // uuid
    issuedAt: text('issued_at').notNull(), // FechaEmision
    processingTimeMs: integer('processing_time_ms'),
    voidedBy: text('voided_by'), // clave of the credit note that annulled it
    // Remaining balance (docs/documents-api.md "Balances"): decimal text in the document's currency, on the
    // documents notes are issued against (01, 02, 04, 09); credit notes lower it, debit notes raise it.
    balance: text('balance'),
    // A note (02, 03): the document of ours it references, the one whose balance it moved (that document, or
    // the one a referenced note moved) and by how much (signed decimal text; null once rejected or in error).
    referencedDocumentId: integer('referenced_document_id'),
    balanceDocumentId: integer('balance_document_id'),
    balanceEffect: text('balance_effect'),
    // Request `delivery`: e-mail the document to these addresses once accepted (null: no e-mail delivery).
    emailRecipients: text('email_recipients', { mode: 'json' }).$type<string[]>(),
    // The counter (docs/tills.md): the session's cashier who issued it, the till's shift open when it was
    // issued, the supervisor who approved what the cashier's role may not do; null for API keys.
    cashierId: integer('cashier_id'),
    shiftId: integer('shift_id'),
    approvedBy: integer('approved_by'),
    // MedioPago as issued: [{method, amount}] (decimal text, document currency) for the shift's figures.
    payments: text('payments', { mode: 'json' }).$type<{ method: string; amount: string }[]>(),
    // Head office (docs/replication.md): the till that issued a document replicated here (null: issued here),
    // and that till's cashier and shift as it reported them.
    tillId: integer('till_id'),
    tillCashier: text('till_cashier', { mode: 'json' }).$type<{ id: number; name: string } | null>(),
    tillShift: text('till_shift', { mode: 'json' }).$type<{ id: number; opened_at: string; closed_at: string | null } | null>(),
    // Till: the `updated_at` of this document the head office last confirmed (null: never sent); the
    // replication job sends every document where it differs from `updated_at`.
    replicatedVersion: text('replicated_version'),
    ...timestamps,
  },
  (t) => [
    index('documents_cashier').on(t.organizationId, t.environment, t.cashierId),
    index('documents_till').on(t.tillId),
    // Till (docs/replication.md): the documents the head office has not confirmed, so the replication job and
    // the Settings screen's count read a few index entries instead of every row (and its signed XML's pages).
    // PostgreSQL's twin says IS DISTINCT FROM (migrations-pg/0002_replication_queue.sql).
    index('documents_unreplicated').on(t.organizationId, t.id).where(sql`${t.tillId} IS NULL AND ${t.replicatedVersion} IS NOT ${t.updatedAt}`),
    index('documents_shift').on(t.shiftId),
    uniqueIndex('documents_clave').on(t.organizationId, t.environment, t.clave),
    uniqueIndex('documents_consecutive').on(t.organizationId, t.environment, t.consecutive),
    index('documents_listing').on(t.organizationId, t.environment, t.id),
    index('documents_status').on(t.status),
    // Date ranges: exports, the fiscal archive, the CSV index.
    index('documents_issued').on(t.organizationId, t.environment, t.issuedAt),
    // A document's notes (its related documents and its balance).
    index('documents_referenced').on(t.referencedDocumentId),
  ],
);

/** Work to do after a commit (send to Hacienda, deliver a webhook, e-mail, export): a durable queue. */
export const outboxJobs = sqliteTable(
  'outbox_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(), // submit_document, deliver_webhook, ...
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull(), // pending | running | done | failed
    runAt: text('run_at').notNull(),
    leaseUntil: text('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [index('outbox_due').on(t.status, t.runAt)],
);

/** Domain events (document.signed, ...), the source of webhook deliveries. */
export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    uuid: text('uuid').notNull().unique(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    type: text('type').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('events_organization').on(t.organizationId, t.id)],
);

export const recipients = sqliteTable(
  'recipients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    name: text('name').notNull(),
    commercialName: text('commercial_name'),
    identificationType: text('identification_type').notNull(),
    identificationNumber: text('identification_number').notNull(),
    isForeign: integer('is_foreign', { mode: 'boolean' }).notNull().default(false),
    countryCode: text('country_code'),
    province: text('province'),
    canton: text('canton'),
    district: text('district'),
    neighborhood: text('neighborhood'),
    otherAddress: text('other_address'),
    email: text('email'),
    phone: text('phone'),
    fax: text('fax'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [index('recipients_identification').on(t.organizationId, t.identificationNumber)],
);

/** Stored responses of requests sent with X-Idempotency-Key, kept 24 hours. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    apiKeyId: text('api_key_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(), // SHA-256 of method, path and body
    state: text('state').notNull(), // running | issued (document saved, answer not yet) | done
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] })],
);

/** Webhook subscriptions of an organization (spec `Webhook`); the signing secret is vault ciphertext. */
export const webhooks = sqliteTable(
  'webhooks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }), // Webhook.id (int64)
    uuid: text('uuid').notNull().unique(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    // The environment of the key that created it (docs/webhooks.md); rows older than environments: staging.
    environment: text('environment').notNull().default('staging'),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    maxRetries: integer('max_retries').notNull().default(3),
    timeoutSeconds: integer('timeout_seconds').notNull().default(30),
    failureCount: integer('failure_count').notNull().default(0), // consecutive failed attempts
    lastTriggeredAt: text('last_triggered_at'),
    disabledAt: text('disabled_at'),
    disabledReason: text('disabled_reason'),
    secret: blob('secret', { mode: 'buffer' }), // vault ciphertext, context `webhook:<id>`
    ...timestamps,
  },
  (t) => [index('webhooks_organization').on(t.organizationId, t.id)],
);

/**
 * One row per delivery attempt (spec `WebhookDelivery`). Every attempt of one event to one destination
 * shares `event_uuid` (the X-Webhook-ID) and the exact body bytes, so retries and redeliveries send the same
 * thing. A row without a webhook is a delivery to a document's own `callback_url` (`target_url`).
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }), // WebhookDelivery.id (int64)
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    webhookId: integer('webhook_id').references(() => webhooks.id, { onDelete: 'cascade' }), // null: callback_url delivery
    environment: text('environment').notNull().default('staging'), // of the event's document (signs callback_url deliveries)
    targetUrl: text('target_url'), // the document's callback_url; null: the webhook's url
    event: text('event').notNull(), // event name (X-Webhook-Event)
    eventUuid: text('event_uuid').notNull(), // X-Webhook-ID
    body: text('body').notNull(), // the raw JSON body sent
    attempt: integer('attempt').notNull(),
    status: text('status').notNull(), // pending | succeeded | retrying | failed
    successful: integer('successful', { mode: 'boolean' }).notNull().default(false),
    responseStatus: integer('response_status'),
    responseTimeMs: integer('response_time_ms'),
    error: text('error'),
    nextAttemptAt: text('next_attempt_at'), // when a pending attempt is due
    deliveredAt: text('delivered_at'), // when the attempt was made
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('webhook_deliveries_webhook').on(t.webhookId, t.id), index('webhook_deliveries_event').on(t.webhookId, t.eventUuid)],
);

/** Exchange rates fetched from the tax authority's indicators, kept for offline answers (stale when reused). */
export const exchangeRates = sqliteTable(
  'exchange_rates',
  {
    currency: text('currency').notNull(), // ISO 4217, e.g. USD, EUR
    entity: text('entity').notNull(), // hacienda, bccr, or an authorized entity's code
    date: text('date').notNull(), // YYYY-MM-DD the rate applies to
    buy: text('buy').notNull(), // decimal text, CRC per unit
    sell: text('sell').notNull(),
    source: text('source').notNull(), // hacienda | bccr | ventanilla | mercado
    fetchedAt: text('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.entity, t.date] })],
);

/** Fiscal-archive exports (POST /archive/exports): an outbox job builds the ZIP; downloadable until expiry. */
export const archiveExports = sqliteTable(
  'archive_exports',
  {
    id: text('id').primaryKey(), // uuid
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    environment: text('environment').notNull(),
    from: text('from_date').notNull(), // YYYY-MM-DD
    to: text('to_date').notNull(),
    status: text('status').notNull(), // pending | running | ready | failed | expired
    documents: integer('documents'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    filePath: text('file_path'), // under the data directory's exports/
    createdAt: text('created_at').notNull(),
    finishedAt: text('finished_at'),
    expiresAt: text('expires_at'),
  },
  (t) => [index('archive_exports_organization').on(t.organizationId, t.createdAt)],
);

/** Documents imported from another provider (POST /archive/import): read-only, one per clave. */
export const importedDocuments = sqliteTable(
  'imported_documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    environment: text('environment').notNull(),
    clave: text('clave').notNull(),
    documentType: text('document_type').notNull(),
    consecutive: text('consecutive').notNull(),
    issuerIdentification: text('issuer_identification').notNull(),
    issuerName: text('issuer_name').notNull(),
    receiverIdentification: text('receiver_identification'),
    receiverName: text('receiver_name'),
    currency: text('currency').notNull(),
    totalAmount: text('total_amount').notNull(), // decimal text
    issuedAt: text('issued_at').notNull(),
    signedXml: blob('signed_xml', { mode: 'buffer' }).notNull(), // the bytes as received
    responseXml: blob('response_xml', { mode: 'buffer' }),
    sourceFile: text('source_file').notNull(),
    importedAt: text('imported_at').notNull(),
  },
  (t) => [uniqueIndex('imported_documents_clave').on(t.organizationId, t.clave), index('imported_documents_issued').on(t.organizationId, t.issuedAt)],
);

/** Saved items of an organization (beyond the spec: the counter finds them by name, code or barcode). */
export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    code: text('code').notNull(), // the shop's internal code (CodigoComercial)
    barcode: text('barcode'),
    description: text('description').notNull(),
    cabysCode: text('cabys_code').notNull(), // 13 digits
    unit: text('unit').notNull(), // UnidadMedida, e.g. Unid, kg, Sp
    price: text('price').notNull(), // decimal text, unit price: before tax unless priceIncludesVat
    currency: text('currency').notNull().default('CRC'),
    taxCode: text('tax_code').notNull(), // CodigoImpuesto, e.g. 01 IVA
    taxRateCode: text('tax_rate_code'), // CodigoTarifaIVA, e.g. 08 (13 %)
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    // `price` is the shelf price with VAT (true) or before tax (false, the spec's meaning; docs/products.md).
    priceIncludesVat: integer('price_includes_vat', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('products_code').on(t.organizationId, t.code), index('products_barcode').on(t.organizationId, t.barcode)],
);

/**
 * One-time browser login tokens made by another process (`facturador login-url`), by SHA-256 digest: the
 * running server spends them like its own (api/browser/sessions.ts). Its own tokens stay in memory.
 */
export const loginTokens = sqliteTable('login_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: text('expires_at').notNull(),
  createdAt: text('created_at').notNull(),
});

/**
 * Browser sessions (api/browser/sessions.ts, docs/browser-access.md), kept here so that a counter PC stays
 * signed in across server restarts. Only the SHA-256 digest of the cookie's secret is stored: the database
 * and its backups hold no usable session. `expiresAt` slides with use, never past `createdAt` plus the
 * absolute maximum; sign-out sets `revokedAt`; expired rows are purged. `endsAtRestart`: a desktop window's
 * session, which dies with the server run that made it. A later way of signing in (a cashier's PIN) adds
 * its own nullable columns.
 */
export const browserSessions = sqliteTable('browser_sessions', {
  secretHash: text('secret_hash').primaryKey(),
  accountId: text('account_id').notNull().references(() => accounts.id),
  keyId: text('key_id').notNull().references(() => apiKeys.id), // the internal account key it acts as
  organizationUuid: text('organization_uuid'), // chosen with POST /session/organization; null: the first
  endsAtRestart: integer('ends_at_restart', { mode: 'boolean' }).notNull().default(false),
  createdAt: text('created_at').notNull(),
  lastUsedAt: text('last_used_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  revokedAt: text('revoked_at'),
  // The cashier signed in with a PIN (docs/tills.md) and when it last made a request (the inactivity lock).
  cashierId: integer('cashier_id'),
  cashierSeenAt: text('cashier_seen_at'),
});

/**
 * Suppliers' documents received by an organization (src/received/, docs/received.md): the signed bytes exactly
 * as they came, the tax authority's answer and the PDF when they came too, what the checks found, when the
 * answer is due, and our answer (a MensajeReceptor in `documents`). One row per clave: every way in (mail, a
 * watched folder, an upload) is idempotent by it. `state`: pending | accepted | partially_accepted |
 * rejected | tacitly_accepted (unanswered past the deadline: presumed accepted) | not_required (credit notes).
 */
export const receivedDocuments = sqliteTable(
  'received_documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    environment: text('environment').notNull(),
    clave: text('clave').notNull(),
    documentType: text('document_type').notNull(), // 01, 02, 03, 09
    consecutive: text('consecutive').notNull(),
    issuerIdentificationType: text('issuer_identification_type').notNull(), // Emisor/Identificacion/Tipo (Nota 4)
    issuerIdentification: text('issuer_identification').notNull(),
    issuerName: text('issuer_name').notNull(),
    receiverIdentification: text('receiver_identification').notNull(),
    currency: text('currency').notNull(),
    exchangeRate: text('exchange_rate').notNull(), // decimal text
    totalAmount: text('total_amount').notNull(), // decimal text, TotalComprobante
    taxAmount: text('tax_amount').notNull(), // decimal text, TotalImpuesto
    // TotalDesgloseImpuesto [{code, rateCode?, amount}] and InformacionReferencia [{documentType, number?, code?}].
    taxBreakdown: text('tax_breakdown', { mode: 'json' }).$type<{ code: string; rateCode?: string; amount: string }[]>().notNull(),
    references: text('references', { mode: 'json' }).$type<{ documentType: string; number?: string; code?: string }[]>().notNull(),
    issuedAt: text('issued_at').notNull(), // FechaEmision, Costa Rica time
    transactionMonth: text('transaction_month').notNull(), // YYYY-MM
    answerDue: text('answer_due'), // YYYY-MM-DD, the last day of the answer window; null when none is needed
    signedXml: blob('signed_xml', { mode: 'buffer' }).notNull(), // the bytes as received
    chainVerified: integer('chain_verified', { mode: 'boolean' }).notNull(),
    haciendaAnswerXml: blob('hacienda_answer_xml', { mode: 'buffer' }),
    haciendaAnswerState: text('hacienda_answer_state'), // aceptado | rechazado, once its answer came
    pdf: blob('pdf', { mode: 'buffer' }),
    findings: text('findings', { mode: 'json' }).$type<{ code: string; params: Record<string, string> }[]>().notNull(),
    state: text('state').notNull(),
    answerDocumentId: integer('answer_document_id'), // our MensajeReceptor (documents.id)
    // What our answer claimed (MensajeReceptor CondicionImpuesto, MontoTotalImpuestoAcreditar, decimal text in
    // the document's currency); null while unanswered, on a rejection, or where the document has no tax.
    taxCondition: text('tax_condition'),
    creditableTax: text('creditable_tax'),
    source: text('source').notNull(), // imap | folder | upload
    sourceName: text('source_name').notNull(), // the mail's Message-ID or the file's name
    receivedAt: text('received_at').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('received_documents_clave').on(t.organizationId, t.environment, t.clave),
    index('received_documents_listing').on(t.organizationId, t.environment, t.id),
    index('received_documents_month').on(t.organizationId, t.environment, t.transactionMonth),
    index('received_documents_due').on(t.state, t.answerDue),
  ],
);

/**
 * The mailbox an organization's suppliers send their documents to (src/received/imap-inbox.ts; one per
 * organization). The password column holds vault ciphertext only (received/mailbox-settings.ts). Documents are
 * filed under `environment`, the one of the key that set the mailbox up. `lastPolledAt` / `lastError` / `lastResult`:
 * how the last poll went, for the screen.
 */
export const mailboxSettings = sqliteTable('mailbox_settings', {
  organizationId: integer('organization_id').primaryKey().references(() => organizations.id),
  environment: text('environment').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  secure: integer('secure', { mode: 'boolean' }).notNull(), // TLS from the start (993)
  username: text('username').notNull(),
  password: blob('password', { mode: 'buffer' }).notNull(), // vault ciphertext
  folder: text('folder').notNull(),
  processedFolder: text('processed_folder'),
  intervalMinutes: integer('interval_minutes').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  lastPolledAt: text('last_polled_at'),
  lastError: text('last_error'),
  lastResult: text('last_result', { mode: 'json' }).$type<Tally>(),
  ...timestamps,
});

/**
 * A folder on disk where the shop's other software already saves its suppliers' files (received/watched-folder.ts;
 * one per organization). Taken files move to `procesados/`, refused ones to `con-problemas/` with the reason
 * beside them. Documents are filed under `environment`, the one of the key that set it up.
 */
export const receivedFolders = sqliteTable('received_folders', {
  organizationId: integer('organization_id').primaryKey().references(() => organizations.id),
  environment: text('environment').notNull(),
  path: text('path').notNull(),
  intervalMinutes: integer('interval_minutes').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  lastScannedAt: text('last_scanned_at'),
  lastError: text('last_error'),
  lastResult: text('last_result', { mode: 'json' }).$type<Tally>(),
  ...timestamps,
});

/**
 * The VAT of every issued and received document as the monthly return needs it (domain/vat-lines.ts), written
 * when the document is stored: `source` issued (documents.id) or received (received_documents.id), the
 * transaction month in Costa Rica time, and its TotalIVADevuelto in colones. Its lines are in `vat_lines`.
 */
export const vatDocuments = sqliteTable(
  'vat_documents',
  {
    source: text('source').notNull(), // issued | received
    documentId: integer('document_id').notNull(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    environment: text('environment').notNull(),
    month: text('month').notNull(), // YYYY-MM
    documentType: text('document_type').notNull(),
    ivaReturned: text('iva_returned').notNull(), // decimal text, colones
  },
  (t) => [
    primaryKey({ columns: [t.source, t.documentId] }),
    index('vat_documents_month').on(t.organizationId, t.environment, t.month, t.source),
  ],
);

/** One document's VAT by tax code, rate code and goods or services, in colones (decimal text). */
export const vatLines = sqliteTable(
  'vat_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    source: text('source').notNull(),
    documentId: integer('document_id').notNull(),
    taxCode: text('tax_code'), // null: no VAT (non-subject)
    rateCode: text('rate_code'),
    service: integer('service', { mode: 'boolean' }).notNull(),
    base: text('base').notNull(),
    tax: text('tax').notNull(),
    exoneratedBase: text('exonerated_base').notNull(),
    exoneratedTax: text('exonerated_tax').notNull(),
  },
  (t) => [index('vat_lines_document').on(t.source, t.documentId)],
);

/**
 * The e-mail digest of suppliers' documents nearing their answer deadline (received/deadline-digest-job.ts), one
 * row per organization: who gets it, how many business days ahead, and the Costa Rica day it last went, so that
 * a day's digest is never sent twice. Documents of `environment` (the key that set it up) are listed.
 */
export const receivedDigestSettings = sqliteTable('received_digest_settings', {
  organizationId: integer('organization_id').primaryKey().references(() => organizations.id),
  environment: text('environment').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  recipients: text('recipients', { mode: 'json' }).$type<string[]>().notNull(),
  daysBefore: integer('days_before').notNull(),
  lastSentOn: text('last_sent_on'), // YYYY-MM-DD, Costa Rica
  lastError: text('last_error'),
  ...timestamps,
});

/**
 * The people at the counter (src/tills/, docs/tills.md). The PIN only as a salted scrypt hash; a cashier is
 * never deleted (documents name them), only made inactive.
 */
export const cashiers = sqliteTable(
  'cashiers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    name: text('name').notNull(),
    role: text('role').notNull(), // cashier | supervisor | owner
    pinHash: text('pin_hash').notNull(), // scrypt$N$r$p$salt$hash
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: text('locked_until'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [index('cashiers_organization').on(t.organizationId, t.active)],
);

/** A till's shift: opened with a float, closed with a count (docs/tills.md). One open per till. */
export const shifts = sqliteTable(
  'shifts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    environment: text('environment').notNull(),
    branch: text('branch').notNull(), // 3 digits, as in the consecutive
    terminal: text('terminal').notNull(), // 5 digits
    openedBy: integer('opened_by'), // cashier; null when an API key opened it
    openedAt: text('opened_at').notNull(),
    openingFloat: text('opening_float').notNull(), // decimal text, colones
    closedBy: integer('closed_by'),
    closedAt: text('closed_at'),
    // At close: what was counted per method, and the figures it was compared with (src/tills/).
    counts: text('counts', { mode: 'json' }).$type<Record<string, unknown>>(),
    figures: text('figures', { mode: 'json' }).$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('shifts_one_open').on(t.organizationId, t.environment, t.branch, t.terminal).where(sql`closed_at IS NULL`),
    index('shifts_listing').on(t.organizationId, t.environment, t.id),
  ],
);

/** Cash put into or taken out of a shift's drawer, with the reason and who did it. */
export const cashMovements = sqliteTable(
  'cash_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    shiftId: integer('shift_id').notNull().references(() => shifts.id),
    kind: text('kind').notNull(), // in | out
    amount: text('amount').notNull(), // decimal text, colones, positive
    reason: text('reason').notNull(),
    cashierId: integer('cashier_id'),
    approvedBy: integer('approved_by'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('cash_movements_shift').on(t.shiftId)],
);

/** Receipt printers of a till (src/printing/, docs/printing.md). */
export const printers = sqliteTable(
  'printers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    name: text('name').notNull(),
    connection: text('connection').notNull(), // network | os
    host: text('host'),
    port: integer('port'),
    osName: text('os_name'), // the OS queue's name, for connection os (the desktop shell)
    branch: text('branch').notNull(),
    terminal: text('terminal').notNull(),
    drawer: integer('drawer', { mode: 'boolean' }).notNull().default(false),
    printOnIssue: integer('print_on_issue', { mode: 'boolean' }).notNull().default(true),
    // The printing engine's PrinterSetup: paper, codepage, colon sign, qr, logo.
    setup: text('setup', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [index('printers_till').on(t.organizationId, t.branch, t.terminal)],
);

/** How a document's last print went (the "no impreso — reintentar" state). */
export const documentPrints = sqliteTable('document_prints', {
  documentId: integer('document_id').primaryKey().references(() => documents.id),
  printerId: integer('printer_id'),
  state: text('state').notNull(), // printing | printed | failed
  reason: text('reason'), // refused | timeout | unreachable | paper_out | offline | failed
  detail: text('detail'),
  copies: integer('copies').notNull().default(0), // times printed
  // When a job carrying the drawer pulse went to the printer: the pulse comes first, so a job that then fails
  // has still opened the drawer, and no later print of this document opens it again (print-document.ts).
  drawerOpenedAt: text('drawer_opened_at'),
  updatedAt: text('updated_at').notNull(),
});

/** An organization's counter settings (docs/tills.md): inactivity lock, cashiers' discount limit, scale labels. */
export const tillSettings = sqliteTable('till_settings', {
  organizationId: integer('organization_id').primaryKey().references(() => organizations.id),
  lockAfterMinutes: integer('lock_after_minutes').notNull().default(5),
  discountLimitPercent: text('discount_limit_percent').notNull().default('10'),
  scaleFormats: text('scale_formats', { mode: 'json' }).$type<{ prefix: string; itemDigits: number; value: 'weight' | 'price'; decimals: number }[]>().notNull().default(sql`'[]'`),
  updatedAt: text('updated_at').notNull(),
});

/** Head office (docs/replication.md): a one-time code a till exchanges for its credential, valid 15 minutes. */
export const pairingCodes = sqliteTable('pairing_codes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  organizationId: integer('organization_id').notNull().references(() => organizations.id),
  codeHash: text('code_hash').notNull().unique(), // SHA-256 hex of the code: the code itself is shown once
  label: text('label').notNull(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
  tillId: integer('till_id'),
  createdAt: text('created_at').notNull(),
});

/** Head office: a till paired with it, which replicates its documents here with its own API key. */
export const tills = sqliteTable(
  'tills',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id),
    name: text('name').notNull(),
    branch: text('branch').notNull(),
    terminal: text('terminal').notNull(),
    apiKeyId: text('api_key_id').notNull().references(() => apiKeys.id),
    lastSeenAt: text('last_seen_at'),
    documentsReceived: integer('documents_received').notNull().default(0),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('tills_organization').on(t.organizationId)],
);

/** Till: the head office this organization reports to (one per organization), its credential sealed by the vault. */
export const headOfficeLinks = sqliteTable('head_office_links', {
  organizationId: integer('organization_id').primaryKey().references(() => organizations.id),
  url: text('url').notNull(),
  headOfficeName: text('head_office_name').notNull(),
  tillId: integer('till_id').notNull(),
  token: blob('token', { mode: 'buffer' }).notNull(), // vault ciphertext of the till's API key
  pullCursor: text('pull_cursor'),
  lastPushAt: text('last_push_at'),
  lastPullAt: text('last_pull_at'),
  lastError: text('last_error'),
  pairedAt: text('paired_at').notNull(),
});
