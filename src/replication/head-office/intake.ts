/**
 * Head office (docs/replication.md, "Documents"): a till's batch of documents, each stored, updated, left
 * unchanged or refused as a conflict — idempotent by clave, so a batch sent again after a lost answer changes
 * nothing. A new document goes into `documents` with its till, and its VAT lines follow right after the
 * answer (vat-after-intake.ts), so the head office's listings and VAT worksheet cover every till. It gets no
 * outbox job: the till delivers it to the tax authority. The whole batch is one transaction, in multi-row
 * statements: the answer describes exactly what was committed.
 */
import { isReceiverMessageType } from '../../domain/consecutive.ts';
import { parseClave, padIdentification } from '../../domain/clave.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Db, Store } from '../../store/database.ts';
import type { OrganizationRow } from '../../store/organizations.ts';
import { documentsHolding, insertReplicatedDocuments, updateReplicatedStatus, type KeptDocument, type ReplicatedRow } from '../../store/replicated-documents.ts';
import type { StoredForVat, VatAfterIntake } from './vat-after-intake.ts';
import { noteTillSeen, type TillRow } from '../../store/tills.ts';
import type { ReplicatedDocument, ReplicationResult } from '../wire.ts';

export interface IntakeDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
  /** Reads and keeps the stored documents' VAT lines once the answer is on its way. */
  vat: Pick<VatAfterIntake, 'keep'>;
}

/** A document of the batch, decoded and checked against the organization, or why it cannot be taken. */
type Checked = { doc: ReplicatedDocument; row: ReplicatedRow } | { doc: ReplicatedDocument; problem: string };

/** Whether the identification in the clave (or, for a receiver message, the receiver) is the organization's. */
function ownedBy(doc: ReplicatedDocument, organization: OrganizationRow): boolean {
  if (isReceiverMessageType(doc.document_type)) return doc.receptor_identification === organization.identificationNumber;
  try {
    return parseClave(doc.clave).identification === padIdentification(organization.identificationType, organization.identificationNumber);
  } catch {
    return false;
  }
}

const decode = (base64: string) => Buffer.from(base64, 'base64');

function check(doc: ReplicatedDocument, organization: OrganizationRow, tillId: number): Checked {
  const signedXml = decode(doc.signed_xml);
  const text = signedXml.toString('utf8');
  // A comprobante's clave holds its own consecutive; a receiver message's is the supplier's document's.
  const ownConsecutive = isReceiverMessageType(doc.document_type) || doc.clave.slice(21, 41) === doc.consecutive;
  if (!ownConsecutive || !text.includes(`<Clave>${doc.clave}</Clave>`) || !text.includes(`>${doc.consecutive}</`)) {
    return { doc, problem: `The signed XML does not carry clave ${doc.clave} and consecutive ${doc.consecutive}.` };
  }
  if (!ownedBy(doc, organization)) return { doc, problem: `Document ${doc.clave} is not of this organization (${organization.identificationNumber}).` };
  return {
    doc,
    row: {
      organizationId: organization.id,
      environment: doc.environment,
      tillId,
      documentType: doc.document_type,
      clave: doc.clave,
      consecutive: doc.consecutive,
      situation: doc.situation,
      status: doc.status,
      haciendaStatus: doc.hacienda_status,
      haciendaMessage: doc.hacienda_message,
      haciendaResponseAt: doc.hacienda_response_at,
      emisorIdentification: doc.emisor_identification,
      emisorName: doc.emisor_name,
      receptorIdentification: doc.receptor_identification,
      receptorName: doc.receptor_name,
      currency: doc.currency,
      exchangeRate: doc.exchange_rate,
      netAmount: doc.net_amount,
      taxAmount: doc.tax_amount,
      totalAmount: doc.total_amount,
      signedXml,
      responseXml: doc.response_xml === null ? null : decode(doc.response_xml),
      issuedAt: doc.issued_at,
      payments: doc.payments,
      tillCashier: doc.cashier,
      tillShift: doc.shift,
      version: doc.updated_at,
    },
  };
}

/** The batch's kept documents by clave and by consecutive, per environment, kept up to date as the batch inserts. */
class Kept {
  private readonly byClave = new Map<string, KeptDocument>();
  private readonly byConsecutive = new Map<string, KeptDocument>();

  constructor(db: Db, organizationId: number, rows: readonly ReplicatedRow[]) {
    for (const environment of new Set(rows.map((r) => r.environment))) {
      const mine = rows.filter((r) => r.environment === environment);
      for (const k of documentsHolding(db, organizationId, environment, mine.map((r) => r.clave), mine.map((r) => r.consecutive))) this.add(environment, k);
    }
  }

  add(environment: string, k: KeptDocument): void {
    this.byClave.set(`${environment}:${k.clave}`, k);
    this.byConsecutive.set(`${environment}:${k.consecutive}`, k);
  }

  clave = (row: ReplicatedRow) => this.byClave.get(`${row.environment}:${row.clave}`);
  consecutive = (row: ReplicatedRow) => this.byConsecutive.get(`${row.environment}:${row.consecutive}`);
}

/** A new document of the batch, inserted with the others once every outcome is decided. */
interface Pending {
  row: ReplicatedRow;
}

/** Stored, updated, unchanged or conflict, inside the batch's transaction; new documents go to `pending`. */
function decide(db: Db, kept: Kept, pending: Map<string, Pending>, checked: Checked, now: Date): ReplicationResult {
  const { doc } = checked;
  if ('problem' in checked) return { clave: doc.clave, outcome: 'conflict', message: checked.problem };
  const { row } = checked;
  const same = kept.clave(row);
  if (same && !same.signedXml.equals(row.signedXml)) {
    return { clave: doc.clave, outcome: 'conflict', message: `Clave ${doc.clave} is already held by a different signed document.` };
  }
  const other = kept.consecutive(row);
  if (other && other.clave !== row.clave) return { clave: doc.clave, outcome: 'conflict', message: `Consecutive ${doc.consecutive} is already used by document ${other.clave}.` };
  if (same) {
    const newer = same.replicatedVersion === null || Date.parse(row.version) > Date.parse(same.replicatedVersion);
    if (!newer) return { clave: doc.clave, outcome: 'unchanged' };
    // The same document twice in one batch: the newer report is the one inserted.
    const waiting = pending.get(`${row.environment}:${row.clave}`);
    if (waiting) waiting.row = row;
    else updateReplicatedStatus(db, same.id, row, now);
    kept.add(row.environment, { ...same, replicatedVersion: row.version });
    return { clave: doc.clave, outcome: 'updated' };
  }
  pending.set(`${row.environment}:${row.clave}`, { row });
  kept.add(row.environment, { id: 0, clave: row.clave, consecutive: row.consecutive, signedXml: row.signedXml, tillId: row.tillId, replicatedVersion: row.version });
  return { clave: doc.clave, outcome: 'stored' };
}

/** Inserts the batch's new documents; what their VAT lines are read from (receiver messages have none). */
function insertPending(db: Db, pending: ReadonlyMap<string, Pending>, now: Date): StoredForVat[] {
  const rows = [...pending.values()].map((p) => p.row);
  const ids = insertReplicatedDocuments(db, rows, now);
  return rows.flatMap((row) => {
    const id = ids.get(`${row.environment}:${row.clave}`);
    if (id === undefined || isReceiverMessageType(row.documentType)) return [];
    return [{ id, organizationId: row.organizationId, environment: row.environment, documentType: row.documentType, issuedAt: row.issuedAt, signedXml: row.signedXml }];
  });
}

const rowsOf = (checked: readonly Checked[]) => checked.flatMap((c) => ('row' in c ? [c.row] : []));

export function receiveDocuments(deps: IntakeDependencies, organization: OrganizationRow, till: TillRow, documents: readonly ReplicatedDocument[]): ReplicationResult[] {
  const checked = documents.map((doc) => check(doc, organization, till.id));
  const { results, stored } = deps.store.transaction((db) => {
    const now = deps.clock.now();
    const kept = new Kept(db, organization.id, rowsOf(checked));
    const pending = new Map<string, Pending>();
    const decided = checked.map((c) => decide(db, kept, pending, c, now));
    const inserted = insertPending(db, pending, now);
    noteTillSeen(db, till.id, decided.filter((r) => r.outcome === 'stored').length, now);
    return { results: decided, stored: inserted };
  });
  deps.vat.keep(stored);
  return results;
}
