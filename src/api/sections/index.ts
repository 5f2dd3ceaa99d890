/** Every route plugin, one per spec section, registered under /api/v1 by app.ts, and what they depend on. */
import type { RoutePlugin } from './route-plugin.ts';
import { accountRoutes } from './keys/account-routes.ts';
import { archiveRoutes } from './archive/routes.ts';
import { backupRoutes } from './backups/routes.ts';
import { certificateRoutes } from './organizations/certificate-routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { documentEmailRoutes } from './documents/email-routes.ts';
import { documentFileRoutes } from './documents/file-routes.ts';
import { exchangeRateRoutes } from './exchange-rates/routes.ts';
import { goLiveRoutes } from './organizations/go-live-routes.ts';
import { haciendaRoutes } from './hacienda/routes.ts';
import { keyRoutes } from './keys/routes.ts';
import { organizationRoutes } from './organizations/routes.ts';
import { productRoutes } from './products/routes.ts';
import { productScanRoutes } from './products/scan-routes.ts';
import { tillSettingsRoutes } from './tills/settings-routes.ts';
import { receptorMessageRoutes } from './receiver-messages/routes.ts';
import { receivedDocumentRoutes } from './received-documents/routes.ts';
import { mailboxRoutes } from './received-documents/mailbox-routes.ts';
import { folderRoutes } from './received-documents/folder-routes.ts';
import { deadlineRoutes } from './received-documents/deadline-routes.ts';
import { digestRoutes } from './received-documents/digest-routes.ts';
import { referenceRoutes } from './catalogs/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { recipientRoutes } from './recipients/routes.ts';
import { settingsRoutes } from './organizations/settings-routes.ts';
import { smtpSettingsRoutes } from './organizations/smtp-routes.ts';
import { statusRoutes } from './status/routes.ts';
import { voidRoutes } from './documents/void-routes.ts';
import { documentPrintRoutes } from './documents/print-routes.ts';
import { printerRoutes } from './printers/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { shiftRoutes } from './shifts/routes.ts';
import { shiftReportRoutes } from './shifts/report-routes.ts';
import { cashierRoutes } from './cashiers/routes.ts';
import { tillRoutes } from './tills/routes.ts';
import { headOfficeRoutes } from './head-office/routes.ts';
import { headOfficeTillRoutes } from './tills/head-office-routes.ts';
import { replicationRoutes } from './replication/routes.ts';

const SECTIONS = [
  statusRoutes,
  keyRoutes,
  accountRoutes,
  organizationRoutes,
  certificateRoutes,
  goLiveRoutes,
  settingsRoutes,
  recipientRoutes,
  productRoutes,
  productScanRoutes,
  tillSettingsRoutes,
  documentRoutes,
  documentFileRoutes,
  receptorMessageRoutes,
  deadlineRoutes,
  receivedDocumentRoutes,
  mailboxRoutes,
  folderRoutes,
  digestRoutes,
  haciendaRoutes,
  webhookRoutes,
  voidRoutes,
  documentPrintRoutes,
  printerRoutes,
  documentEmailRoutes,
  smtpSettingsRoutes,
  archiveRoutes,
  exchangeRateRoutes,
  referenceRoutes,
  backupRoutes,
  reportRoutes,
  shiftRoutes,
  shiftReportRoutes,
  cashierRoutes,
  tillRoutes,
  headOfficeTillRoutes,
  replicationRoutes,
  headOfficeRoutes,
] as const;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** What the sections need between them: each names its own, and the host hands over one object holding all. */
export type SectionDependencies = UnionToIntersection<Parameters<(typeof SECTIONS)[number]>[0]>;

export const ROUTE_PLUGINS: ReadonlyArray<RoutePlugin<SectionDependencies>> = SECTIONS;
