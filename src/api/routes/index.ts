/** Every route plugin, one per spec section, registered under /api/v1 by app.ts. */
import type { RoutePlugin } from './route-plugin.ts';
import { accountRoutes } from './account.ts';
import { archiveRoutes } from './archive.ts';
import { backupRoutes } from './backups.ts';
import { certificateRoutes } from './certificate.ts';
import { documentRoutes } from './documents.ts';
import { documentEmailRoutes } from './document-emails.ts';
import { documentFileRoutes } from './document-files.ts';
import { exchangeRateRoutes } from './exchange-rates.ts';
import { goLiveRoutes } from './go-live.ts';
import { haciendaRoutes } from './hacienda.ts';
import { keyRoutes } from './keys.ts';
import { organizationRoutes } from './organizations.ts';
import { productRoutes } from './products.ts';
import { receptorMessageRoutes } from './receptor-messages.ts';
import { referenceRoutes } from './reference.ts';
import { recipientRoutes } from './recipients.ts';
import { settingsRoutes } from './settings.ts';
import { smtpSettingsRoutes } from './smtp-settings.ts';
import { statusRoutes } from './status.ts';
import { voidRoutes } from './voids.ts';
import { webhookRoutes } from './webhooks.ts';

export const ROUTE_PLUGINS: RoutePlugin[] = [
  statusRoutes,
  keyRoutes,
  accountRoutes,
  organizationRoutes,
  certificateRoutes,
  goLiveRoutes,
  settingsRoutes,
  recipientRoutes,
  productRoutes,
  documentRoutes,
  documentFileRoutes,
  receptorMessageRoutes,
  haciendaRoutes,
  webhookRoutes,
  voidRoutes,
  documentEmailRoutes,
  smtpSettingsRoutes,
  archiveRoutes,
  exchangeRateRoutes,
  referenceRoutes,
  backupRoutes,
];
