/**
 * The shape both ways in that run by themselves share (the mailbox poll, the watched folder's scan): an outbox
 * job, one pending per organization, that reads its source once into received documents, records how it went,
 * and schedules the next run after the source's interval. A source that cannot be read is recorded and tried
 * again at the next interval, never dropped; a disabled or removed source ends its job and schedules nothing.
 * A long run keeps its job's lease ahead of the clock, so that no second run starts meanwhile.
 */
import type { BusinessCalendar } from '../domain/business-days.ts';
import type { Clock } from '../domain/clock.ts';
import { withLeaseHeartbeat } from '../outbox/lease-heartbeat.ts';
import type { JobHandler } from '../outbox/worker.ts';
import type { Emit } from '../store/document-status.ts';
import type { Db, Store } from '../store/database.ts';
import { getOrganization } from '../store/organizations.ts';
import { scheduleOrganizationJob } from '../store/outbox.ts';
import type { IntakeOutcome, Tally } from '../store/intake-outcome.ts';
import type { ReceiveScope } from './receive-files.ts';
import type { SupplierFile } from './read-supplier-file.ts';

export interface IntakeDependencies {
  store: Store;
  clock: Clock;
  read: (bytes: Buffer, owner: string) => Promise<SupplierFile>;
  calendar: BusinessCalendar;
  /** Announces each stored document (received.stored); the same function core hands every use case. */
  emit?: Emit;
}

export type { IntakeOutcome, Tally } from '../store/intake-outcome.ts';

export interface IntakeSource<Row> {
  kind: string;
  /** The organization's source, or undefined when it has none. */
  load(organizationId: number): { row: Row; enabled: boolean; environment: string; intervalMinutes: number } | undefined;
  run(row: Row, scope: ReceiveScope): Promise<Tally>;
  record(db: Db, organizationId: number, at: Date, outcome: IntakeOutcome): void;
}

async function runOnce<Row>(deps: IntakeDependencies, source: IntakeSource<Row>, organizationId: number) {
  const loaded = source.load(organizationId);
  const organization = getOrganization(deps.store.db, organizationId);
  if (!loaded || !loaded.enabled || !organization) return undefined;
  const scope = { organizationId, environment: loaded.environment, owner: organization.identificationNumber };
  try {
    return { intervalMinutes: loaded.intervalMinutes, outcome: (await source.run(loaded.row, scope)) as IntakeOutcome };
  } catch (error) {
    return { intervalMinutes: loaded.intervalMinutes, outcome: { error: error instanceof Error ? error.message : String(error) } };
  }
}

export function intakeJobHandler<Row>(deps: IntakeDependencies, source: IntakeSource<Row>): JobHandler {
  return async (job) => {
    const organizationId = Number(job.payload['organizationId']);
    const ran = await withLeaseHeartbeat(deps, job.id, () => runOnce(deps, source, organizationId));
    if (!ran) return undefined;
    return () => {
      const now = deps.clock.now();
      source.record(deps.store.db, organizationId, now, ran.outcome);
      scheduleOrganizationJob(deps.store.db, source.kind, organizationId, now, new Date(now.getTime() + ran.intervalMinutes * 60_000));
    };
  };
}

/** Has the organization's source read now (its pending run brought forward, or one written). */
export function runIntakeNow(deps: { store: Pick<Store, 'transaction'>; clock: Clock; outbox: { wake(): void } }, kind: string, organizationId: number): void {
  const now = deps.clock.now();
  deps.store.transaction((db) => scheduleOrganizationJob(db, kind, organizationId, now, now));
  deps.outbox.wake();
}
