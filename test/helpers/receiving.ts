/**
 * What the received/ use cases need in a test: the fixture's store and clock, the holiday calendar shipped
 * with the app, and a real supplier-file reader (its worker closed after the file's tests).
 */
import { afterAll } from 'vitest';
import { businessCalendar, shippedHolidays } from '../../src/catalogs/holidays.ts';
import type { ReceiveDependencies } from '../../src/received/receive-files.ts';
import { SupplierFileReader } from '../../src/received/supplier-file-reader.ts';
import type { Store } from '../../src/store/database.ts';
import { clock } from './use-case-store.ts';

export function receivingDeps(store: Store): ReceiveDependencies & { store: Store } {
  const reader = new SupplierFileReader();
  afterAll(() => reader.close());
  return { store, clock, read: (bytes, owner) => reader.read(bytes, owner), calendar: businessCalendar(shippedHolidays()) };
}
