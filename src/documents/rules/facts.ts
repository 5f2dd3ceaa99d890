/**
 * What the catalogue's checks look at. Request rules see the request as read (fields that failed their
 * format are missing, so a rule never piles onto a problem already reported); totals rules see the request
 * with the document the engine computed from it.
 */
import type { DocumentTypeCode, UnnumberedModel } from '../../domain/document-model.ts';
import type { LineAmounts } from '../../domain/line-totals.ts';
import type { ParsedRequest } from '../request/parsed-request.ts';

/** Reference data a rule may consult (catalogs shipped with the app). */
export interface ReferenceData {
  /** Whether a province / canton / district combination exists (Nota 14, Codificacionubicacion). */
  hasDistrict(province: string, canton: string, district: string): boolean;
}

export interface RequestFacts {
  req: Partial<ParsedRequest>;
  type: DocumentTypeCode | undefined;
  now: Date;
  /** Members present in the request body, read or not. */
  given: { receiver: boolean; reference: boolean };
  reference: ReferenceData | undefined;
}

export interface TotalsFacts {
  req: ParsedRequest;
  type: DocumentTypeCode;
  model: UnnumberedModel;
  /** The engine's amounts per item, in request order (with a combo's components). */
  lines: LineAmounts[];
}
