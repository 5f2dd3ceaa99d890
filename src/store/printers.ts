/**
 * A till's receipt printers (docs/printing.md, "Printers"): an organization's, each on one till (branch +
 * terminal), shared by both environments (the paper does not know which key issued). The engine's setup
 * (paper, code page, colón sign, QR, logo) is kept as JSON in `setup`.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../domain/errors.ts';
import type { Db } from './db.ts';
import { prepared } from './prepared.ts';
import { printers } from './schema.ts';

export type PrinterRow = typeof printers.$inferSelect;
/** The columns a client sets. */
export type PrinterFields = Pick<PrinterRow, 'name' | 'connection' | 'host' | 'port' | 'osName' | 'branch' | 'terminal' | 'drawer' | 'printOnIssue' | 'setup'>;

export function insertPrinter(db: Db, organizationId: number, fields: PrinterFields, now: Date): PrinterRow {
  const at = now.toISOString();
  return db.insert(printers).values({ ...fields, organizationId, createdAt: at, updatedAt: at }).returning().get();
}

export function listPrinters(db: Db, organizationId: number): PrinterRow[] {
  return db.select().from(printers).where(eq(printers.organizationId, organizationId)).orderBy(asc(printers.id)).all();
}

export function getPrinter(db: Db, organizationId: number, id: number): PrinterRow | undefined {
  return db.select().from(printers).where(and(eq(printers.organizationId, organizationId), eq(printers.id, id))).get();
}

export function updatePrinter(db: Db, organizationId: number, id: number, fields: PrinterFields, now: Date): PrinterRow | undefined {
  return db.update(printers).set({ ...fields, updatedAt: now.toISOString() })
    .where(and(eq(printers.organizationId, organizationId), eq(printers.id, id)))
    .returning().get();
}

export function deletePrinter(db: Db, organizationId: number, id: number): boolean {
  return db.delete(printers).where(and(eq(printers.organizationId, organizationId), eq(printers.id, id))).run().changes > 0;
}

/**
 * The printer of a till, the first added: `onIssue` only those that print every receipt issued there. Asked
 * after every document issued (a statement prepared once), so a till without a printer costs one indexed read.
 */
export function tillPrinter(db: Db, organizationId: number, branch: string, terminal: string, onIssue: boolean): PrinterRow | undefined {
  const statement = prepared(db, onIssue ? 'tillPrinterOnIssue' : 'tillPrinter', () => db.select().from(printers)
    .where(and(
      eq(printers.organizationId, sql.placeholder('organizationId')),
      eq(printers.branch, sql.placeholder('branch')),
      eq(printers.terminal, sql.placeholder('terminal')),
      ...(onIssue ? [eq(printers.printOnIssue, true)] : []),
    ))
    .orderBy(asc(printers.id)).limit(1).prepare());
  return statement.get({ organizationId, branch, terminal });
}

/**
 * The printer a print on request goes to (a document's receipt, a shift's report): the one named, of this
 * organization (`404 printer_not_found`), else the first of the till (`422 no_printer`).
 */
export function printerForTill(db: Db, organizationId: number, till: { branch: string; terminal: string }, printerId: number | undefined): PrinterRow {
  if (printerId !== undefined) {
    const named = getPrinter(db, organizationId, printerId);
    if (!named) throw new AppError('printer_not_found', 404, `No printer ${printerId} in this organization.`);
    return named;
  }
  const own = tillPrinter(db, organizationId, till.branch, till.terminal, false);
  if (!own) throw new AppError('no_printer', 422, `No printer serves till ${till.branch}-${till.terminal}; give printer_id, or add a printer to that till (POST /printers).`);
  return own;
}

/** Whether any organization has a printer (the server then starts the printing worker at once). */
export function anyPrinter(db: Db): boolean {
  return db.$client.prepare('SELECT 1 FROM printers LIMIT 1').get() !== undefined;
}
