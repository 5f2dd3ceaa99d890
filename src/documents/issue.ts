/**
 * Issuing a document end to end (DESIGN.md, "The way a document travels"): parse and validate the request,
 * compute it, then in ONE store transaction take the consecutive, write and sign the XML, and save the
 * document with its outbox job and `document.signed` event. Numbering, writing and signing all happen inside
 * the transaction, so a request that fails at any step rolls its consecutive back (docs/consecutives.md).
 * The store is reached through the IssuingStore port (domain/issuing-port.ts), implemented by store/issuing.ts.
 */
import { randomUUID } from 'node:crypto';
import { buildClave, generateSecurityCode } from '../domain/clave.ts';
import { buildConsecutive, parseConsecutive } from '../domain/consecutive.ts';
import type { DocumentModel } from '../domain/document-model.ts';
import type { IssuedRecord, IssuingStore, IssuingTransaction } from '../domain/issuing-port.ts';
import { DOCUMENT_TYPES } from '../domain/codes.ts';
import type { SigningIdentity } from '../signing/p12.ts';
import { signXml } from '../signing/xades-signer.ts';
import { writeDocument } from '../xml/write-document.ts';
import { buildDocumentModel } from './build-model.ts';
import { IssueError } from './issue-errors.ts';
import { claveOwner } from './request/business-rules.ts';
import { parseRequest, type ParseContext } from './request/parse-request.ts';
import type { ParsedRequest } from './request/parsed-request.ts';

export interface IssuingOrganization {
  identificationType: string;
  identificationNumber: string;
}

export interface IssueContext extends ParseContext {
  organization: IssuingOrganization;
  environment: 'staging' | 'production';
  identity: SigningIdentity | undefined;
  store: IssuingStore;
  providerSystemId?: string;
  /** Whether this key may ask for a simulated verdict (test keys only). */
  simulationAllowed: boolean;
}

export interface IssuedDocument extends IssuedRecord {
  request: ParsedRequest;
}

function checkIssuer(req: ParsedRequest, org: IssuingOrganization): void {
  const owner = claveOwner(req)!;
  if (owner.number !== org.identificationNumber.toUpperCase()) {
    const who = req.document.type === '08' ? 'receiver (the buyer issues a purchase invoice)' : 'issuer';
    throw new IssueError('issuer_mismatch', 422, `The ${who} identification ${owner.number} is not this organization's (${org.identificationNumber}).`);
  }
}

/**
 * The client's own clave and consecutive must not be taken by another document. The clave is checked
 * first: the same clave again is the same document sent twice (the clave embeds the consecutive).
 */
function checkSuppliedNumbers(tx: IssuingTransaction, req: ParsedRequest): void {
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

function numberDocument(tx: IssuingTransaction, req: ParsedRequest): { consecutive: string; clave: string } {
  const doc = req.document;
  const counter = { branch: doc.branch, terminal: doc.terminal, documentType: doc.type };
  let consecutive = doc.consecutive;
  if (consecutive === undefined) consecutive = buildConsecutive({ ...counter, number: tx.nextConsecutive(counter) });
  else {
    const parts = parseConsecutive(consecutive);
    tx.noteUsedConsecutive({ branch: parts.branch, terminal: parts.terminal, documentType: parts.documentType }, parts.number);
  }
  if (doc.clave !== undefined) return { consecutive, clave: doc.clave };
  const owner = claveOwner(req)!;
  const clave = buildClave({
    issuedAt: doc.issuedAt,
    identificationType: owner.type,
    identification: owner.number,
    consecutive,
    situation: doc.situation,
    securityCode: generateSecurityCode(),
  });
  return { consecutive, clave };
}

export function documentTypeName(type: string): string {
  return DOCUMENT_TYPES[type as keyof typeof DOCUMENT_TYPES]?.nameEs ?? type;
}

export async function issueDocument(body: unknown, ctx: IssueContext): Promise<IssuedDocument & { id: number; createdAt: string }> {
  const request = parseRequest(body, ctx);
  checkIssuer(request, ctx.organization);
  const simulate = request.apiConfig.simulate;
  if (simulate && !ctx.simulationAllowed) {
    throw new IssueError('simulation_not_available', 422, 'A simulated verdict can only be requested with a test key.');
  }
  if (!ctx.identity) {
    throw new IssueError('certificate_required', 422, `Upload the signing certificate (.p12) for ${ctx.environment} before issuing documents.`);
  }
  const identity = ctx.identity;
  const unnumbered = buildDocumentModel(request, ctx.providerSystemId ?? claveOwner(request)!.number);
  return ctx.store.run((tx) => {
    checkSuppliedNumbers(tx, request);
    const model: DocumentModel = { ...unnumbered, ...numberDocument(tx, request) };
    const signedXml = Buffer.from(signXml(writeDocument(model), identity), 'utf8');
    const issued: IssuedDocument = {
      model,
      request,
      situation: request.document.situation,
      signedXml,
      transactionId: randomUUID(),
      simulate,
      callbackUrl: request.callbackUrl ?? request.apiConfig.callbackUrl,
    };
    return { ...issued, ...tx.saveIssued(issued) };
  });
}
