/**
 * Balances for documents saved before they were kept (store/note-balances.ts): worked out once, at
 * start-up, from the documents and the references in their signed XML.
 */
import type { Db } from './db.ts';
import { Dec } from '../domain/money.ts';
import { BALANCE_TYPES, NOTE_TYPES, RELEASED_STATUSES, applyEffect, balanceHolderId, money, noteEffect } from '../domain/note-balance.ts';
import { balanceDocumentByClave, balanceDocumentById, linkNote, setBalance } from './note-balances.ts';

/** The claves a signed note references (InformacionReferencia/Numero), read from its canonical XML. */
function referencedClaves(signedXml: Buffer): string[] {
  const xml = signedXml.toString('utf8');
  return [...xml.matchAll(/<InformacionReferencia>([\s\S]*?)<\/InformacionReferencia>/g)].flatMap((m) => {
    const number = /<Numero>([^<]+)<\/Numero>/.exec(m[1]!)?.[1];
    return number ? [number] : [];
  });
}

interface LegacyNote {
  id: number;
  organizationId: number;
  environment: string;
  documentType: string;
  status: string;
  currency: string;
  exchangeRate: string | null;
  totalAmount: string;
  signedXml: Buffer;
}

/**
 * Documents saved before balances were kept get theirs once, at start-up: every document of a balance
 * type opens with its total, then each note (oldest first, so that a note on a note finds its holder)
 * moves the balance it would move today. What was over-credited before stays visible as a negative balance.
 */
export function backfillBalances(db: Db): void {
  const types = [...BALANCE_TYPES].map((t) => `'${t}'`).join(', ');
  const pending = db.$client.prepare(`SELECT 1 FROM documents WHERE balance IS NULL AND balance_document_id IS NULL AND document_type IN (${types}) LIMIT 1`).get();
  if (!pending) return;
  db.$client.transaction(() => {
    db.$client.prepare(`UPDATE documents SET balance = total_amount WHERE balance IS NULL AND balance_document_id IS NULL AND document_type IN (${types})`).run();
    const notes = db.$client.prepare(`SELECT id, organization_id AS organizationId, environment, document_type AS documentType, status, currency,
      exchange_rate AS exchangeRate, total_amount AS totalAmount, signed_xml AS signedXml FROM documents
      WHERE document_type IN (${[...NOTE_TYPES].map((t) => `'${t}'`).join(', ')}) AND referenced_document_id IS NULL ORDER BY id`).all() as LegacyNote[];
    for (const note of notes) {
      const referenced = referencedClaves(note.signedXml)
        .map((clave) => balanceDocumentByClave(db, note.organizationId, note.environment, clave))
        .find((d) => d !== undefined && d.id !== note.id);
      if (!referenced) continue;
      const holderId = balanceHolderId(referenced);
      const holder = holderId === undefined ? undefined : balanceDocumentById(db, holderId);
      if (!holder || holder.balance === null) {
        linkNote(db, note.id, referenced.id, null, null);
        continue;
      }
      // A debit note that moves another document's balance carries none of its own.
      if (note.documentType === '02') db.$client.prepare('UPDATE documents SET balance = NULL WHERE id = ?').run(note.id);
      if (RELEASED_STATUSES.has(note.status)) {
        linkNote(db, note.id, referenced.id, holder.id, null);
        continue;
      }
      const effect = noteEffect(note.documentType, new Dec(note.totalAmount), money(note), money(holder));
      const applied = applyEffect(new Dec(holder.balance), effect) ?? { balance: new Dec(holder.balance).plus(effect), effect };
      setBalance(db, holder.id, applied.balance.toFixed(5));
      linkNote(db, note.id, referenced.id, holder.id, applied.effect.toFixed(5));
    }
  }).immediate();
}
