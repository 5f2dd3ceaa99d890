/**
 * Everything a PDF prints, as text, built from the document model read back from the stored signed XML
 * (so the PDF can never disagree with the XML), the delivery state and the organization's branding. The
 * templates only lay these strings out.
 */
import { DOCUMENT_TYPES } from '../domain/codes.ts';
import type { DocumentModel } from '../domain/document-model.ts';
import type { Language } from '../i18n/validation-messages.ts';
import { pdfLabels, type PdfLabels } from './labels.ts';
import { lineView, type LineView } from './line-view.ts';
import { partyView, type PartyView } from './party-view.ts';
import { qrPath, type QrPath } from './qr.ts';
import { factRows, paymentRows, referenceLines, totalRows, type Row } from './summary-view.ts';
import { dateTime, money } from './text.ts';
import { imageSize, withinImageLimits } from './image-size.ts';

export interface PdfBranding {
  color: string | null;
  footer: string | null;
  logo: Buffer | null;
  logoMime: string | null;
}

/** What a PDF is made of besides the XML's model: where the document stands, and whose brand it wears. */
export interface PdfSource {
  model: DocumentModel;
  /** DocumentStatus: processing, sent, queued, accepted, rejected, error. */
  status: string;
  /** The tax authority's text (DetalleMensaje), shown once it has decided. */
  haciendaMessage: string | null;
  environment: string;
  branding: PdfBranding | undefined;
}

export type Tone = 'ok' | 'bad' | 'pending';

export interface PdfView {
  lang: Language;
  labels: PdfLabels;
  /** Document type name (Nota 1: printed together with the clave and the consecutive). */
  title: string;
  clave: string;
  consecutive: string;
  issuedAt: string;
  issuer: PartyView;
  receiver: PartyView | undefined;
  facts: Row[];
  lines: LineView[];
  otherCharges: Row[];
  totals: Row[];
  total: Row;
  payments: Row[];
  references: string[];
  notes: string[];
  verdict: { status: string; message: string | undefined; tone: Tone };
  /** Staging documents say so in print: they have no tax validity. */
  test: boolean;
  qr: QrPath;
  color: string;
  footer: string | undefined;
  logo: { data: Buffer; format: 'png' | 'jpg' } | undefined;
}

/** The accent colour when the organization has not chosen one (a dark blue that prints well in grey). */
export const DEFAULT_COLOR = '#1F4E79';

const TONES: Readonly<Record<string, Tone>> = { accepted: 'ok', rejected: 'bad', error: 'bad' };

function verdict(source: PdfSource, labels: PdfLabels): PdfView['verdict'] {
  const decided = source.status === 'accepted' || source.status === 'rejected';
  return {
    status: labels.status[source.status] ?? labels.status['pending']!,
    // While undecided the stored message is ours (why it is queued), not the tax authority's: not printed.
    message: decided ? (source.haciendaMessage ?? undefined) : undefined,
    tone: TONES[source.status] ?? 'pending',
  };
}

function logoOf(branding: PdfBranding | undefined): PdfView['logo'] {
  if (!branding?.logo || branding.logo.length === 0) return undefined;
  // A logo stored before the upload checked its size may be an image bomb: printed without it.
  const size = imageSize(branding.logo);
  if (!size || !withinImageLimits(size)) return undefined;
  return { data: branding.logo, format: branding.logoMime === 'image/jpeg' ? 'jpg' : 'png' };
}

export function buildPdfView(source: PdfSource, lang: Language): PdfView {
  const { model } = source;
  const labels = pdfLabels(lang);
  const currency = model.summary.currency;
  const type = DOCUMENT_TYPES[model.type];
  return {
    lang,
    labels,
    title: lang === 'en' ? type.nameEn : type.nameEs,
    clave: model.clave,
    consecutive: model.consecutive,
    issuedAt: dateTime(model.issuedAt),
    issuer: partyView(model.issuer, labels),
    receiver: model.receiver && model.receiver.name ? partyView(model.receiver, labels) : undefined,
    facts: factRows(model, labels, lang),
    lines: model.lines.map((line) => lineView(line, currency)),
    otherCharges: model.otherCharges.map((c) => [c.detail, money(c.amount, currency)]),
    totals: totalRows(model, labels, lang),
    total: [labels.total, money(model.summary.total, currency)],
    payments: paymentRows(model, lang),
    references: referenceLines(model.references, lang),
    notes: model.others.map((o) => o.text),
    verdict: verdict(source, labels),
    test: source.environment !== 'production',
    qr: qrPath(model.clave),
    color: source.branding?.color || DEFAULT_COLOR,
    footer: source.branding?.footer || undefined,
    logo: logoOf(source.branding),
  };
}
