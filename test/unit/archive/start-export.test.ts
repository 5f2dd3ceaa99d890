/**
 * archive/start-export.ts on a real store: the pending export and the job that builds it are written in
 * one transaction (both or neither), at the clock's time, and the outbox is woken.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startArchiveExport } from '../../../src/archive/start-export.ts';
import { getArchiveExport } from '../../../src/store/archive-exports.ts';
import { clock, fixture, type Fixture } from '../../helpers/use-case-store.ts';

let f: Fixture;
afterEach(() => f?.store.close());

describe('startArchiveExport', () => {
  it('queues a pending export and its job, and wakes the outbox', () => {
    f = fixture();
    const range = { organizationId: f.organization.id, environment: 'staging', from: '2025-06-01', to: '2025-06-30' };
    const { row, at } = startArchiveExport({ ...f, clock }, range);
    expect(at).toEqual(clock.now());
    expect(row).toMatchObject({ ...range, status: 'pending', createdAt: clock.now().toISOString() });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(getArchiveExport(f.store.db, row.id)).toEqual(row);
    const jobs = f.store.db.$client.prepare('SELECT kind, payload FROM outbox_jobs').all();
    expect(jobs).toEqual([{ kind: 'archive_export', payload: JSON.stringify({ exportId: row.id }) }]);
    expect(f.outbox.wakes).toBe(1);
  });

  it('leaves no export behind when its job cannot be written', () => {
    f = fixture();
    f.failJobs();
    const range = { organizationId: f.organization.id, environment: 'staging', from: '2025-06-01', to: '2025-06-30' };
    expect(() => startArchiveExport({ ...f, clock }, range)).toThrow(/disk full/);
    expect([f.count('archive_exports'), f.count('outbox_jobs'), f.outbox.wakes]).toEqual([0, 0, 0]);
  });
});
