/**
 * GET /received-documents/deadlines (docs/received.md): the screen's banner — how many suppliers' documents
 * await an answer, how many are closing (three business days or fewer), the nearest last day, and up to 10 of
 * them nearest first. A static path, so it never reaches /received-documents/{clave}. `invoices:read`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { BusinessCalendar } from '../../../domain/business-days.ts';
import type { Clock } from '../../../domain/clock.ts';
import { deadlineBanner } from '../../../received/deadlines.ts';
import type { Store } from '../../../store/database.ts';
import type { Emit } from '../../../store/document-status.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { DeadlinesReply } from './deadline-schemas.ts';

const READ = { key: 'organization', abilities: ['invoices:read'] } as const;

/** The store, the time, the business days, and the events of documents settled as tacitly accepted. */
export interface DeadlineDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
  received: { calendar: BusinessCalendar };
  emit: Emit;
}

export const deadlineRoutes: RoutePlugin<DeadlineDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/received-documents/deadlines', {
    config: READ,
    schema: { tags: ['received-documents'], summary: 'Suppliers\' documents awaiting an answer: counts and the nearest deadlines', response: { 200: DeadlinesReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const banner = deadlineBanner({ store: deps.store, clock: deps.clock, calendar: deps.received.calendar, emit: deps.emit }, { organizationId: auth.organization.id, environment: auth.environment });
    return ok({
      pending: banner.pending,
      closing: banner.closing,
      next_due: banner.nextDue,
      documents: banner.documents.map((d) => ({
        clave: d.clave, consecutive: d.consecutive, supplier: { identification: d.issuerIdentification, name: d.issuerName },
        total: d.totalAmount, currency: d.currency, answer_due: d.answerDue, deadline: d.deadline,
      })),
    });
  });
};
