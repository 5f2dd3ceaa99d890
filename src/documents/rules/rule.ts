/**
 * What a rule of the annex catalogue is. Every validation that ANEXOS Y ESTRUCTURAS v4.4 states for an
 * element is one entry, with the page and words it comes from, the request paths it reports and how it is
 * enforced:
 *   check    the catalogue checks it on the read request ('request') or on the computed document ('totals'),
 *            with a message of its own in Spanish and English;
 *   format   a field's length, pattern or range, applied by the request reader where it reads the field (the
 *            reader takes the limits from here, so they live once);
 *   formula  an amount the engine computes (domain/), so a request cannot get it wrong;
 *   remote   what only Hacienda can verify (its registers, authorisations, the documents it holds): listed
 *            with the reason, never enforced here.
 * docs/annex-rules.md is generated from these entries.
 */
import type { DocumentTypeCode } from '../../domain/document-model.ts';
import type { DecimalRule, TextRule } from '../request/field-reader.ts';

export const ALL_TYPES: readonly DocumentTypeCode[] = ['01', '02', '03', '04', '08', '09', '10'];

export type Section =
  | 'header'
  | 'parties'
  | 'sale'
  | 'lines'
  | 'taxes'
  | 'exonerations'
  | 'combos'
  | 'other-charges'
  | 'summary'
  | 'references'
  | 'others'
  | 'receiver-message';

/** Where in the annex a rule comes from. */
export interface AnnexSource {
  id: string;
  section: Section;
  element: string; // XML path, e.g. LineaDetalle/PrecioUnitario
  types: readonly DocumentTypeCode[];
  page: number;
  quote: string; // the annex's words, shortened
}

export interface Message {
  es: string;
  en: string;
}

/** Values for a message's {placeholders}: plain, or worded per language. */
export type MessageParams = Record<string, string | number | Message>;

/** Reports a violation at a request path; `params` fill the message's {placeholders}. */
export type Report = (path: string, params?: MessageParams) => void;

export interface CheckRule<I> extends AnnexSource {
  kind: 'check';
  /** 'request': on the request as read, before any amount is computed; 'totals': on the computed document. */
  phase: 'request' | 'totals';
  paths: readonly string[];
  message: Message;
  check(input: I, report: Report): void;
}

export interface FormatRule extends AnnexSource {
  kind: 'format';
  paths: readonly string[];
  text?: TextRule;
  decimal?: DecimalRule;
}

export interface FormulaRule extends AnnexSource {
  kind: 'formula';
  where: string; // the module that computes it
}

export interface RemoteRule extends AnnexSource {
  kind: 'remote';
  reason: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a catalogue holds checks of both phases
export type AnnexRule = CheckRule<any> | FormatRule | FormulaRule | RemoteRule;

/** A rule applies to a document of unknown type only when it applies to every type. */
export function appliesTo(rule: Pick<AnnexSource, 'types'>, type: DocumentTypeCode | undefined): boolean {
  return type === undefined ? rule.types.length === ALL_TYPES.length : rule.types.includes(type);
}

/** The types of ALL_TYPES but these. */
export function allBut(...types: DocumentTypeCode[]): DocumentTypeCode[] {
  return ALL_TYPES.filter((t) => !types.includes(t));
}

export function fillMessage(message: Message, language: 'es' | 'en', params: MessageParams = {}): string {
  return message[language].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return `{${name}}`;
    return typeof value === 'object' ? value[language] : String(value);
  });
}
