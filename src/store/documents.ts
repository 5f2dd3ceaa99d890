/** Issued documents: the exact signed bytes and what the API lists and shows about them. */
import { and, count, desc, eq, gte, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { prepared } from './prepared.ts';
import type { Db } from './database.ts';
import { documents } from './schema.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

/** Columns an issued document is saved with (the others start empty and are filled by delivery). */
const INSERT_COLUMNS = [
  'organization_id', 'environment', 'document_type', 'clave', 'consecutive', 'situation', 'status',
  'emisor_identification', 'emisor_name', 'receptor_identification', 'receptor_name', 'currency', 'exchange_rate',
  'net_amount', 'tax_amount', 'total_amount', 'signed_xml', 'simulate', 'callback_url', 'transaction_id',
  'issued_at', 'created_at', 'updated_at', 'email_recipients', 'balance', 'cashier_id', 'approved_by', 'shift_id', 'payments',
] as const;

export type IssuedDocumentRow = Omit<NewDocument, 'id'> & Required<Pick<NewDocument, 'createdAt'>>;

/** Inserts an issued document on the hot path (a statement prepared once); returns its id. */
export function insertDocument(db: Db, row: IssuedDocumentRow): number {
  const statement = prepared(db, 'insertDocument', () =>
    db.$client.prepare(`INSERT INTO documents (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`),
  );
  const values = [
    row.organizationId, row.environment, row.documentType, row.clave, row.consecutive, row.situation, row.status,
    row.emisorIdentification ?? null, row.emisorName ?? null, row.receptorIdentification ?? null, row.receptorName ?? null,
    row.currency, row.exchangeRate ?? null, row.netAmount, row.taxAmount, row.totalAmount, row.signedXml, row.simulate ?? null,
    row.callbackUrl ?? null, row.transactionId, row.issuedAt, row.createdAt, row.updatedAt,
    row.emailRecipients ? JSON.stringify(row.emailRecipients) : null, row.balance ?? null,
    row.cashierId ?? null, row.approvedBy ?? null, row.shiftId ?? null, row.payments ? JSON.stringify(row.payments) : null,
  ];
  return Number(statement.run(values).lastInsertRowid);
}

function scope(organizationId: number, environment: string): SQL {
  return and(eq(documents.organizationId, organizationId), eq(documents.environment, environment))!;
}

/** Lookups by clave, consecutive or id within an organization and environment, prepared once. */
function lookups(db: Db) {
  const within = and(eq(documents.organizationId, sql.placeholder('organizationId')), eq(documents.environment, sql.placeholder('environment')));
  return prepared(db, 'documentLookups', () => ({
    clave: db.select().from(documents).where(and(within, eq(documents.clave, sql.placeholder('value')))).prepare(),
    consecutive: db.select().from(documents).where(and(within, eq(documents.consecutive, sql.placeholder('value')))).prepare(),
    id: db.select().from(documents).where(and(within, eq(documents.id, sql.placeholder('value')))).prepare(),
  }));
}

export function findDocumentByClave(db: Db, organizationId: number, environment: string, clave: string): DocumentRow | undefined {
  return lookups(db).clave.get({ organizationId, environment, value: clave });
}

export function findDocumentByConsecutive(db: Db, organizationId: number, environment: string, consecutive: string): DocumentRow | undefined {
  return lookups(db).consecutive.get({ organizationId, environment, value: consecutive });
}

/** `{key}` of the document paths: the 50-character clave, the 20-digit consecutive or the numeric id. */
export function findDocument(db: Db, organizationId: number, environment: string, key: string): DocumentRow | undefined {
  if (/^[0-9A-Za-z]{50}$/.test(key)) return findDocumentByClave(db, organizationId, environment, key);
  if (/^\d{20}$/.test(key)) return findDocumentByConsecutive(db, organizationId, environment, key);
  if (/^\d{1,15}$/.test(key)) return lookups(db).id.get({ organizationId, environment, value: Number(key) });
  return undefined;
}

export interface DocumentFilter {
  organizationId: number;
  environment: string;
  documentTypes: readonly string[]; // those the key may read
  status?: string;
  from?: string; // ISO, on issued_at
  to?: string;
  receiver?: string; // receptor identification
  search?: string; // clave, consecutive, or a consecutive's last digits
  cashierId?: number; // the counter's cashier who issued it (docs/tills.md)
  before?: number; // cursor: ids below this
  limit: number;
  offset?: number; // page-wise listing: rows skipped
}

/**
 * `search`: a clave or a whole consecutive; or the last digits of a consecutive (1 to 19 digits), whose
 * number part is its last 10 digits, so `42` finds number 42 (…0000000042) of every branch, terminal and type.
 */
function searchCondition(search: string): SQL | undefined {
  if (!/^\d{1,19}$/.test(search)) return or(eq(documents.clave, search), eq(documents.consecutive, search));
  return like(documents.consecutive, `%${search.padStart(10, '0')}`);
}

function filterCondition(f: Omit<DocumentFilter, 'limit'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scope(f.organizationId, f.environment), inArray(documents.documentType, [...f.documentTypes])];
  if (f.status) conditions.push(eq(documents.status, f.status));
  if (f.from) conditions.push(gte(documents.issuedAt, f.from));
  if (f.to) conditions.push(lte(documents.issuedAt, f.to));
  if (f.receiver) conditions.push(eq(documents.receptorIdentification, f.receiver));
  if (f.search) conditions.push(searchCondition(f.search));
  if (f.cashierId !== undefined) conditions.push(eq(documents.cashierId, f.cashierId));
  if (f.before !== undefined) conditions.push(lt(documents.id, f.before));
  return and(...conditions);
}

/** Newest first; `before` is the id cursor of the previous page, `offset` the rows of earlier pages. */
export function listDocuments(db: Db, f: DocumentFilter): DocumentRow[] {
  return db.select().from(documents).where(filterCondition(f)).orderBy(desc(documents.id)).limit(f.limit).offset(f.offset ?? 0).all();
}

/** How many documents match (the `total` of a page-wise listing). */
export function countDocuments(db: Db, f: Omit<DocumentFilter, 'limit' | 'before' | 'offset'>): number {
  return db.select({ n: count() }).from(documents).where(filterCondition(f)).get()?.n ?? 0;
}

/** The clave of the document a credit note voids (POST /documents/{key}/void), if it voids one. */
export function claveVoidedBy(db: Db, organizationId: number, creditNoteClave: string): string | undefined {
  const row = db.$client.prepare('SELECT clave FROM documents WHERE voided_by = ? AND organization_id = ?').get(creditNoteClave, organizationId) as { clave: string } | undefined;
  return row?.clave;
}
