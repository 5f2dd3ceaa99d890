/**
 * POST /documents/{key}/void (spec VoidRequest / VoidSubmitted): a credit note that references and annuls
 * the accepted original (reference code 01) for what remains of its balance, numbered on the original's
 * branch and terminal unless given. The note takes the balance to zero at once, so a repeat gives 409
 * `already_voided`; `document.voided` follows when the tax authority accepts the credit note (a rejection
 * gives the balance back and lets the original be voided again). docs/documents-api.md, "Voids".
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { requireOrganization } from '../../route-config.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../envelope.ts';
import { issuedView } from './views.ts';
import type { Decimal } from 'decimal.js';
import type { Core } from '../../../core.ts';
import { findDocument, type DocumentRow } from '../../../store/documents.ts';
import { creditableBalance } from '../../../store/note-balances.ts';
import { Dec } from '../../../domain/money.ts';
import { languageOf } from '../../request-language.ts';
import { markVoidRequested } from '../../../store/document-status.ts';
import { readDocument } from '../../../xml/read-document.ts';
import { VOIDABLE, voidRequest } from '../../../documents/void-request.ts';
import { issueForKey } from './issue-for-key.ts';
import { checkQuota } from '../../../billing/quota.ts';
import { VoidReply } from './schemas.ts';

const VoidBody = Type.Object({
  reason: Type.Optional(Type.String({ minLength: 1, maxLength: 180 })),
  branch: Type.Optional(Type.String({ pattern: '^\\d{1,3}$' })),
  terminal: Type.Optional(Type.String({ pattern: '^\\d{1,5}$' })),
});

/**
 * What a void credits (domain/note-balance.ts), in the document's currency: what is left of its balance, but
 * never more than its own total — what debit notes added is theirs to void (docs/documents-api.md, "Voids").
 */
function remainingBalance(core: Core, row: DocumentRow): Decimal {
  const total = new Dec(row.totalAmount);
  return Dec.min(creditableBalance(core.store.db, row) ?? total, total);
}

export const voidRoutes: RoutePlugin = (core) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  /** Originals being voided right now: two requests at once must not both issue a credit note. */
  const inProgress = new Set<number>();

  app.post('/documents/:key/void', {
    config: { key: 'organization', abilities: ['invoices:void'] },
    schema: { tags: ['documents'], summary: 'Void an accepted document with a credit note', params: Type.Object({ key: Type.String({ description: 'clave (50), consecutive number (20) or id of the original' }) }), body: Type.Optional(VoidBody), response: { 201: VoidReply } },
  }, async (request, reply) => {
    const auth = requireOrganization(request);
    const original = findDocument(core.store.db, auth.organization.id, auth.environment, request.params.key);
    if (!original) throw new ApiError('document_not_found', 404, `No document ${request.params.key} in ${auth.environment}.`);
    if (!(original.documentType in VOIDABLE)) throw new ApiError('not_voidable', 422, `A document of type ${original.documentType} cannot be voided with a credit note.`);
    if (inProgress.has(original.id)) throw new ApiError('already_voided', 409, `${original.clave} is being voided by a credit note being issued.`);
    const left = remainingBalance(core, original);
    // A document given away (total 0) has nothing to credit, yet is voided (once) all the same.
    const givenAway = new Dec(original.totalAmount).isZero() && !original.voidedBy;
    if (left.lessThanOrEqualTo(0) && !givenAway) throw new ApiError('already_voided', 409, `${original.clave} has nothing left to credit: ${original.voidedBy ? `voided by ${original.voidedBy}` : 'its credit notes cover its whole total'}.`);
    if (original.status !== 'accepted') throw new ApiError('document_not_accepted', 422, `Only an accepted document can be voided; ${original.clave} is ${original.status}.`);
    if (auth.environment === 'production') checkQuota(core, auth.account.id);
    inProgress.add(original.id);
    try {
      const read = readDocument(original.signedXml);
      if (read.kind !== 'document') throw new ApiError('not_voidable', 422, 'A receiver message cannot be voided.');
      const body = request.body ?? {};
      const language = languageOf(request);
      const note = { ...voidRequest(read.model, { ...body, now: core.clock.now(), remainder: left }), api_config: { language } };
      const issued = await issueForKey(core, auth, note, request.idempotency);
      core.store.transaction((db) => markVoidRequested(db, original.id, issued.model.clave, core.clock.now()));
      return reply.code(201).send(ok({ ...issuedView(issued, auth.environment, auth.organization.uuid), voids: original.clave }, 'Credit note signed and queued; the original is voided once it is accepted.'));
    } finally {
      inProgress.delete(original.id);
    }
  });
};
