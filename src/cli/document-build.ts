/**
 * `facturador document build --request FILE.json [--p12 FILE --pin PIN] [--situation 1|2|3]`: prints the
 * XML of a document request (or a receiver-message request), signed when a .p12 is given. Consecutive
 * numbers come from an in-memory counter unless the request gives them.
 */
import { readFileSync } from 'node:fs';
import { prepareDocument } from '../documents/prepare-document.ts';
import { InMemoryCounter } from '../documents/numbering.ts';
import { RequestValidationError } from '../documents/request/problems.ts';
import { isReceiverMessageRequest, prepareReceiverMessage } from '../receiver-messages/prepare-receiver-message.ts';
import { shippedCabysCatalog } from '../catalogs/cabys-catalog.ts';
import { shippedDistrictCodes } from '../catalogs/district-codes.ts';
import { loadP12, SigningError } from '../signing/p12.ts';
import { signXml } from '../signing/xades-signer.ts';
import { isProviderSystemId } from '../domain/identification.ts';
import type { Output } from './output.ts';

export interface BuildOptions {
  request: string;
  p12?: string;
  pin?: string;
  situation?: string;
  providerSystemId?: string;
}

function readRequest(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Unsigned XML of the request; throws RequestValidationError with every problem. */
export function buildUnsigned(body: unknown, options: Pick<BuildOptions, 'situation' | 'providerSystemId'>, now = new Date()): string {
  const counter = new InMemoryCounter();
  if (isReceiverMessageRequest(body)) return prepareReceiverMessage(body, { now, counter }).xml;
  if (options.situation !== undefined && typeof body === 'object' && body !== null) {
    const doc = (body as { document?: Record<string, unknown> }).document;
    if (doc) doc['situation'] = options.situation;
  }
  return prepareDocument(body, { now, counter, cabys: shippedCabysCatalog(), reference: shippedDistrictCodes(), providerSystemId: options.providerSystemId }).xml;
}

export function documentBuild(options: BuildOptions, out: Output): number {
  let body: unknown;
  try {
    body = readRequest(options.request);
  } catch (err) {
    out.error(`cannot read request ${options.request}: ${(err as Error).message}`);
    return 2;
  }
  if (options.providerSystemId !== undefined && !isProviderSystemId(options.providerSystemId)) {
    out.error(`provider id ${options.providerSystemId} is not a física, jurídica, DIMEX or NITE identification (ProveedorSistemas)`);
    return 2;
  }
  try {
    const xml = buildUnsigned(body, options);
    if (!options.p12) {
      out.write(xml);
      return 0;
    }
    const identity = loadP12(readFileSync(options.p12), options.pin ?? '');
    out.write(signXml(xml, identity));
    return 0;
  } catch (err) {
    if (err instanceof RequestValidationError) {
      out.error(JSON.stringify({ code: 'validation_error', message: err.message, errors: err.errors }, null, 2));
      return 1;
    }
    if (err instanceof SigningError) {
      out.error(`${err.code}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
