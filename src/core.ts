/**
 * Composition root: config -> store -> vault -> catalogs -> issuing pipeline -> tax-authority client ->
 * outbox worker (started by `serve`). The API (api/app.ts) is built on it by the hosts (server.ts) and owns
 * its own request state (rate limits); nothing here imports api/, and the use cases it wires take named
 * dependencies (organizations/dependencies.ts) rather than this object, so no import circles through here.
 * Everything time- or randomness-dependent is injected here so tests can control it.
 */
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import { privateDir, tightenDataDir } from './private-files.ts';
import { systemClock, type Clock } from './domain/clock.ts';
import { openStore, storeLocation, type Store } from './store/database.ts';
import { localAccount } from './store/accounts.ts';
import { Vault } from './secrets/vault.ts';
import { resolveMasterKey, type MasterKeySource } from './secrets/master-key.ts';
import type { CabysCatalog } from './catalogs/cabys-catalog.ts';
import { shippedDistrictCodes, type DistrictCodes } from './catalogs/district-codes.ts';
import { Catalogs } from './catalogs/catalogs.ts';
import { IssuePipeline } from './documents/issue-pipeline.ts';
import { issuingBackend } from './store/issuing.ts';
import type { IssuingBackend } from './domain/issuing-port.ts';
import { loadHaciendaConfig, publicApiUrlOf, type HaciendaConfig } from './hacienda/config.ts';
import { ReachabilityMonitor } from './hacienda/reachability.ts';
import type { HaciendaEnvironment } from './hacienda/types.ts';
import { TokenManager } from './hacienda/token-manager.ts';
import { RecepcionClient } from './hacienda/recepcion-client.ts';
import { TaxpayerClient } from './hacienda/taxpayer-client.ts';
import { TaxpayerLookup } from './hacienda/taxpayer-lookup.ts';
import { ExchangeRates } from './exchange-rates/exchange-rates.ts';
import { IndicatorsClient } from './exchange-rates/indicators-client.ts';
import { OutboxWorker } from './outbox/worker.ts';
import { deliveryHandlers, OFFLINE_BACKOFF, POLL_BACKOFF } from './outbox/document-delivery.ts';
import { POLL_DOCUMENT_JOB, type Emit } from './store/document-status.ts';
import { recordEvent } from './store/outbox.ts';
import { DELIVER_WEBHOOK_JOB, fanOutEvent } from './webhooks/dispatch.ts';
import { deliverWebhookHandler } from './webhooks/jobs.ts';
import { webhookRuntime } from './webhooks/runtime.ts';
import { SUBMIT_DOCUMENT_JOB } from './store/issuing.ts';
import { loadAtvCredentials } from './organizations/atv-credentials.ts';
import { environmentsWithAtvCredentials } from './store/credentials.ts';
import { SEND_EMAIL_JOB } from './store/document-emails.ts';
import { EMAIL_BACKOFF, sendEmailHandler } from './email/send-email-job.ts';
import { ARCHIVE_EXPORT_JOB, EXPIRE_ARCHIVE_EXPORT_JOB } from './store/archive-exports.ts';
import { archiveExportHandler, EXPORT_BACKOFF, expireArchiveExportHandler } from './archive/export-job.ts';
import { SupplierFileReader } from './received/supplier-file-reader.ts';
import { DocumentVatReader } from './reports/document-vat-reader.ts';
import { POLL_MAILBOX_JOB, pollMailboxHandler } from './received/poll-mailbox-job.ts';
import { SCAN_FOLDER_JOB, scanFolderHandler } from './received/scan-folder-job.ts';
import { businessCalendar, shippedHolidays } from './catalogs/holidays.ts';
import { deadlineJobHandler, RECEIVED_DEADLINES_JOB } from './received/deadline-digest-job.ts';
import { sendDeadlineDigest } from './email/deadline-digest-mail.ts';
import type { BusinessCalendar } from './domain/business-days.ts';
import { EscposRenderer } from './printing/escpos-renderer.ts';
import { PrintService } from './printing/print-service.ts';
import type { OsPrinter } from './printing/os-printer.ts';
import { Approvals } from './tills/approvals.ts';
import { ReplicationWaker } from './replication/till/waker.ts';
import { REPLICATE_DOCUMENTS_JOB, REPLICATION_BACKOFF, replicateDocumentsHandler } from './replication/till/replicate-job.ts';
import { PULL_HEAD_OFFICE_JOB, pullHeadOfficeHandler } from './replication/till/pull-job.ts';

export interface Core {
  config: Config;
  store: Store;
  vault: Vault;
  vaultKeySource: MasterKeySource;
  clock: Clock;
  /** The CABYS that document validation uses: the shipped copy, or the official workbook once imported. */
  cabys: CabysCatalog;
  /** Hacienda's location codes, which document validation checks addresses against. */
  districts: DistrictCodes;
  /** CABYS, locations and tariff codes in their own database, catalogs.db (GET /reference/...). */
  catalogs: Catalogs;
  /** Numbers, signs and saves documents in batches (documents/issue-pipeline.ts). */
  issuing: IssuePipeline;
  /** The store side of issuing, for the one-at-a-time path (receiver messages). */
  issuingBackend: IssuingBackend;
  /** `taxpayers`: the public taxpayer look-up with its offline cache (GET /hacienda/taxpayers). */
  hacienda: { config: HaciendaConfig; monitor: ReachabilityMonitor; tokens: TokenManager; recepcion: RecepcionClient; taxpayers: TaxpayerLookup };
  /** Exchange rates from the tax authority's indicators with an offline cache (GET /exchange-rates). */
  exchangeRates: ExchangeRates;
  /** Delivers documents to the tax authority once started (`serve` starts it). */
  outbox: OutboxWorker;
  /** Suppliers' documents: their files read in a worker, and the business days their answers are due in. */
  received: { reader: SupplierFileReader; calendar: BusinessCalendar };
  /** Records an event and fans it out to webhooks, in the caller's transaction (the `received.*` use cases take it). */
  emit: Emit;
  /** Reads VAT figures back from stored XML for documents kept before they were (reports/vat-backfill.ts). */
  reports: { vatReader: DocumentVatReader };
  /** Receipts to the tills' printers: one printing worker, a queue per printer (printing/print-service.ts). */
  printing: PrintService;
  /** Supervisors' single-use approvals of a cashier's request, in memory (tills/approvals.ts). */
  approvals: Approvals;
  /** A till linked to a head office: brings the push forward after each document change (replication/till/). */
  replicationWaker: ReplicationWaker;
  log: Logger;
  startedAt: Date;
  close(): Promise<void>;
}

export interface CoreOptions {
  clock?: Clock;
  logger?: Logger;
  /** A master key from the desktop shell (Electron safeStorage) or tests, bypassing the providers. */
  masterKey?: Buffer;
  /** Tax-authority endpoints (default: from the environment, see hacienda/config.ts). */
  hacienda?: HaciendaConfig;
  /** The OS printers (USB, system queues), which only the desktop shell provides (main/os-printer.ts). */
  osPrinter?: OsPrinter;
}

export function createCore(config: Config, options: CoreOptions = {}): Core {
  const log = options.logger ?? pino({ level: config.logLevel, redact: ['req.headers.authorization', '*.pin', '*.atv_password', '*.certificate'] });
  const clock = options.clock ?? systemClock;
  privateDir(config.dataDir);
  const store = openStore(storeLocation(config), { log: (m) => log.info(m) });
  // After opening: a new database, WAL and SHM were made with the umask's modes (docs/backup.md, Permissions).
  const tightened = tightenDataDir(config.dataDir);
  if (tightened > 0) log.info(`data directory: ${tightened} file(s) and folder(s) made readable by their owner only`);
  localAccount(store.db, clock.now());
  const master = options.masterKey
    ? { key: options.masterKey, source: 'given' as const }
    : resolveMasterKey({ dataDir: config.dataDir, warn: (m) => log.warn(m) });
  // A till's documents go to its head office soon after each change (docs/replication.md); `outbox` is read
  // only when the waker fires, after it exists.
  const replicationWaker = new ReplicationWaker({ store, clock, wake: () => outbox.wake() });
  // Every event is recorded and fanned out to the subscribed webhooks (and the document's callback_url)
  // in the transaction that causes it.
  const emit: Emit = (db, { organizationId, environment }, type, payload, at, callbackUrl) => {
    const uuid = recordEvent(db, organizationId, type, payload, at);
    fanOutEvent(db, { uuid, organizationId, environment, type, payload }, at, callbackUrl);
    // Issued, queued, accepted, rejected, voided: every document change that matters to the head office.
    if (type.startsWith('document.')) replicationWaker.notice(organizationId);
  };
  const backend = issuingBackend(store, clock, emit);
  const haciendaConfig = options.hacienda ?? loadHaciendaConfig();
  // Probes only where some organization has ATV credentials: nothing else here talks to the tax authority.
  const monitor = new ReachabilityMonitor({ config: haciendaConfig, clock, environments: () => haciendaEnvironmentsInUse(store) });
  const tokens = new TokenManager({ config: haciendaConfig, clock, monitor });
  const recepcion = new RecepcionClient({ config: haciendaConfig, tokens, monitor });
  const taxpayers = new TaxpayerLookup({ client: new TaxpayerClient({ baseUrl: publicApiUrlOf(haciendaConfig) }), db: store.db, clock });
  // The indicators live on the public helper API's host (HACIENDA_PUBLIC_API_URL).
  const exchangeRates = new ExchangeRates({ client: new IndicatorsClient({ baseUrl: publicApiUrlOf(haciendaConfig) }), store, clock });
  // Requests wait at most a moment for the build child's lock (the event loop waits with them): 503 meanwhile.
  const catalogs = new Catalogs({ dataDir: config.dataDir, log: (m) => log.info(m), busyTimeoutMs: 250 });
  const vault = new Vault(master.key);
  // Suppliers' documents: their files read in a worker (started on the first file); holidays read once.
  const received = { reader: new SupplierFileReader(), calendar: businessCalendar(shippedHolidays()) };
  const intake = { store, clock, read: (bytes: Buffer, owner: string) => received.reader.read(bytes, owner), calendar: received.calendar, emit };
  // The delivery handlers wake their own worker: `outbox` is read only when a handler runs, after this line.
  const outbox: OutboxWorker = new OutboxWorker({
    store,
    clock,
    handlers: {
      ...deliveryHandlers({ store, clock, recepcion, emit, credentials: (org, env) => loadAtvCredentials({ store, vault }, org, env), wake: () => outbox.wake(), warn: (m) => log.warn(m) }),
      [DELIVER_WEBHOOK_JOB]: deliverWebhookHandler(webhookRuntime({ store, vault, clock })),
      [SEND_EMAIL_JOB]: sendEmailHandler({ store, vault, clock }),
      [ARCHIVE_EXPORT_JOB]: archiveExportHandler({ store, clock, dataDir: config.dataDir }),
      [EXPIRE_ARCHIVE_EXPORT_JOB]: expireArchiveExportHandler({ store, clock, dataDir: config.dataDir }),
      [POLL_MAILBOX_JOB]: pollMailboxHandler({ ...intake, vault }),
      [SCAN_FOLDER_JOB]: scanFolderHandler(intake),
      [REPLICATE_DOCUMENTS_JOB]: replicateDocumentsHandler({ store, vault, clock }),
      [PULL_HEAD_OFFICE_JOB]: pullHeadOfficeHandler({ store, vault, clock }),
      [RECEIVED_DEADLINES_JOB]: deadlineJobHandler({ ...intake, sendDigest: (organizationId, digest) => sendDeadlineDigest({ store, vault }, organizationId, digest) }),
    },
    backoff: { [SUBMIT_DOCUMENT_JOB]: OFFLINE_BACKOFF, [POLL_DOCUMENT_JOB]: POLL_BACKOFF, [SEND_EMAIL_JOB]: EMAIL_BACKOFF, [ARCHIVE_EXPORT_JOB]: EXPORT_BACKOFF, [REPLICATE_DOCUMENTS_JOB]: REPLICATION_BACKOFF, [PULL_HEAD_OFFICE_JOB]: REPLICATION_BACKOFF },
    // Deliveries wait on the network, not the CPU: many at once keep a backlog draining fast.
    concurrency: 32,
    onError: (job, error) => log.debug({ job: job.id, kind: job.kind, err: error }, 'outbox job will be retried'),
  });
  const core: Core = {
    config,
    store,
    vault,
    vaultKeySource: master.source,
    clock,
    // Read on first use: start-up stays fast, and the first document pays ~40 ms once.
    get cabys() {
      return catalogs.cabysForValidation();
    },
    get districts() {
      return shippedDistrictCodes();
    },
    catalogs,
    issuing: new IssuePipeline(backend),
    issuingBackend: backend,
    hacienda: { config: haciendaConfig, monitor, tokens, recepcion, taxpayers },
    exchangeRates,
    outbox,
    received,
    emit,
    reports: { vatReader: new DocumentVatReader() },
    printing: new PrintService({ store, clock, renderer: new EscposRenderer(), osPrinter: options.osPrinter, warn: (m) => log.warn(m) }),
    approvals: new Approvals(clock),
    replicationWaker,
    log,
    startedAt: clock.now(),
    close: async () => {
      // The worker the core holds now (a test may have put its own in place).
      replicationWaker.close();
      await core.outbox.stop();
      await monitor.stop();
      await core.received.reader.close();
      await core.reports.vatReader.close();
      await core.printing.close();
      catalogs.close();
      store.close();
    },
  };
  return core;
}

function haciendaEnvironmentsInUse(store: Store): HaciendaEnvironment[] {
  return environmentsWithAtvCredentials(store.db).filter((e): e is HaciendaEnvironment => e === 'staging' || e === 'production');
}
