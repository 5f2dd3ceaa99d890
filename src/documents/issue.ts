/**
 * Issuing a document (DESIGN.md, "The way a document travels"): parse and validate the request and compute
 * it (prepareIssue), then number it, write its XML and prepare its signature (numberAndPrepare), and save it
 * with its outbox job and `document.signed` event once signed. `issue-pipeline.ts` runs the second half for
 * many requests at once; a request that fails at any step takes no consecutive (docs/consecutives.md).
 */
import { randomUUID } from 'node:crypto';
import type { DocumentModel } from '../domain/document-model.ts';
import type { Attribution, BalanceMove, IdempotencyClaim, IssuedRecord, Numbering } from '../domain/issuing-port.ts';
import type { SigningIdentity } from '../signing/p12.ts';
import { prepareSignature, type PendingSignature } from '../signing/xades-signer.ts';
import { writeDocument } from '../xml/write-document.ts';
import { buildDocumentModel, type UnnumberedModel } from './build-model.ts';
import { IssueError } from './issue-errors.ts';
import { numberDocument } from './numbering.ts';
import { claveOwner } from './rules/header.ts';
import { parseRequest, type ParseContext } from './request/parse-request.ts';
import type { ParsedRequest } from './request/parsed-request.ts';
import { deliveryRecipients } from './request/read-options.ts';

export interface IssuingOrganization {
  identificationType: string;
  identificationNumber: string;
}

export interface PrepareIssueContext extends ParseContext {
  organization: IssuingOrganization;
  environment: 'staging' | 'production';
  identity: SigningIdentity | undefined;
  providerSystemId?: string;
  /** Whether this key may ask for a simulated verdict (test keys only). */
  simulationAllowed: boolean;
}

/** A validated, computed request waiting for its number and signature. */
export interface PreparedIssue {
  request: ParsedRequest;
  unnumbered: UnnumberedModel;
  identity: SigningIdentity;
  /** Set by the API when the request carries X-Idempotency-Key (saved with the document). */
  idempotency?: IdempotencyClaim;
  /** Set by the API for a note referencing one of the organization's documents (balance-move.ts). */
  balance?: BalanceMove;
  /** Set by the API when a cashier's session issues it (docs/tills.md). */
  attribution?: Attribution;
}

function checkIssuer(req: ParsedRequest, org: IssuingOrganization): void {
  const owner = claveOwner(req)!;
  if (owner.number !== org.identificationNumber.toUpperCase()) {
    const who = req.document.type === '08' ? 'receiver (the buyer issues a purchase invoice)' : 'issuer';
    throw new IssueError('issuer_mismatch', 422, `The ${who} identification ${owner.number} is not this organization's (${org.identificationNumber}).`);
  }
}

/** Everything that can refuse a request, before it may take a number. */
export function prepareIssue(body: unknown, ctx: PrepareIssueContext): PreparedIssue {
  const request = parseRequest(body, ctx);
  checkIssuer(request, ctx.organization);
  if (request.apiConfig.simulate && !ctx.simulationAllowed) {
    throw new IssueError('simulation_not_available', 422, 'A simulated verdict can only be requested with a test key.');
  }
  if (!ctx.identity) {
    throw new IssueError('certificate_required', 422, `Upload the signing certificate (.p12) for ${ctx.environment} before issuing documents.`);
  }
  const unnumbered = buildDocumentModel(request, ctx.providerSystemId ?? claveOwner(request)!.number);
  return { request, unnumbered, identity: ctx.identity };
}

/**
 * The client's own clave and consecutive must not be taken by another document. The clave is checked
 * first: the same clave again is the same document sent twice (the clave embeds the consecutive).
 */
function checkSuppliedNumbers(tx: Numbering, req: ParsedRequest): void {
  const { consecutive, clave } = req.document;
  if (clave !== undefined) {
    const other = tx.documentWithClave(clave);
    if (other) throw new IssueError('duplicate_clave', 409, `Clave ${clave} was already used by document ${other.consecutive} (id ${other.id}).`);
  }
  if (consecutive !== undefined) {
    const other = tx.documentWithConsecutive(consecutive);
    if (other) throw new IssueError('duplicate_consecutive', 409, `Consecutive ${consecutive} was already used by document ${other.clave} (id ${other.id}).`);
  }
}

/** Numbers the document, writes its XML and does all of the signing but the RSA operation. */
export function numberAndPrepare(prepared: PreparedIssue, tx: Numbering): { model: DocumentModel; pending: PendingSignature } {
  checkSuppliedNumbers(tx, prepared.request);
  const model: DocumentModel = { ...prepared.unnumbered, ...numberDocument(tx, prepared.request) };
  return { model, pending: prepareSignature(writeDocument(model), prepared.identity) };
}

/** The record to save once the XML is signed. */
export function issuedRecord(prepared: PreparedIssue, model: DocumentModel, signedXml: string): IssuedRecord {
  const request = prepared.request;
  return {
    model,
    situation: request.document.situation,
    signedXml: Buffer.from(signedXml, 'utf8'),
    transactionId: randomUUID(),
    simulate: request.apiConfig.simulate,
    callbackUrl: request.callbackUrl ?? request.apiConfig.callbackUrl,
    emailRecipients: deliveryRecipients(request),
    ...(prepared.idempotency ? { idempotency: prepared.idempotency } : {}),
    ...(prepared.balance ? { balance: prepared.balance } : {}),
    ...(prepared.attribution ? { attribution: prepared.attribution } : {}),
  };
}

export { documentTypeName } from '../domain/codes.ts';
