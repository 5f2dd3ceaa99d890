/**
 * From a request body to the unsigned v4.4 XML: parse and validate, number, compute, write. Signing and
 * storing are the caller's (the CLI signs at once; the app does both inside one store transaction).
 */
import type { RandomBytes } from '../domain/clave.ts';
import type { DocumentModel } from '../domain/document-model.ts';
import { writeDocument } from '../xml/write-document.ts';
import { buildDocumentModel } from './build-model.ts';
import { numberDocument, type NumberSource } from './numbering.ts';
import { parseRequest, type ParseContext } from './request/parse-request.ts';
import type { ParsedRequest } from './request/parsed-request.ts';
import { claveOwner } from './rules/header.ts';

export interface PrepareContext extends ParseContext {
  counter: NumberSource;
  /** ProveedorSistemas when neither the request nor configuration names one: the issuer's own id. */
  providerSystemId?: string;
  random?: RandomBytes;
}

export interface PreparedDocument {
  request: ParsedRequest;
  model: DocumentModel;
  xml: string; // unsigned, exclusive canonical form
}

export function prepareDocument(body: unknown, ctx: PrepareContext): PreparedDocument {
  const request = parseRequest(body, ctx);
  const unnumbered = buildDocumentModel(request, ctx.providerSystemId ?? claveOwner(request)!.number);
  const model: DocumentModel = { ...unnumbered, ...numberDocument(ctx.counter, request, ctx.random) };
  return { request, model, xml: writeDocument(model) };
}
