/** An organization's counter settings (docs/tills.md): defaults until the shopkeeper saves them. */
import { eq } from 'drizzle-orm';
import type { ScaleLabelFormat } from '../domain/scale-label.ts';
import type { Db } from './database.ts';
import { tillSettings } from './schema.ts';

export interface TillSettings {
  lockAfterMinutes: number;
  /** Percent of a line's amount a cashier may discount without a supervisor (decimal text). */
  discountLimitPercent: string;
  scaleFormats: ScaleLabelFormat[];
}

export const DEFAULT_TILL_SETTINGS: TillSettings = { lockAfterMinutes: 5, discountLimitPercent: '10', scaleFormats: [] };

export function readTillSettings(db: Db, organizationId: number): TillSettings {
  const row = db.select().from(tillSettings).where(eq(tillSettings.organizationId, organizationId)).get();
  if (!row) return DEFAULT_TILL_SETTINGS;
  return { lockAfterMinutes: row.lockAfterMinutes, discountLimitPercent: row.discountLimitPercent, scaleFormats: row.scaleFormats };
}

export function saveTillSettings(db: Db, organizationId: number, settings: TillSettings, at: Date): void {
  const values = { ...settings, updatedAt: at.toISOString() };
  db.insert(tillSettings).values({ organizationId, ...values }).onConflictDoUpdate({ target: tillSettings.organizationId, set: values }).run();
}
