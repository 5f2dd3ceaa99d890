/**
 * The e-mail that carries a document to its receiver: a Spanish subject and body (type, consecutive,
 * clave, issuer, date, total, the tax authority's state) and the files a receiver needs to record it in
 * its own books — the signed XML exactly as stored and, once there is one, the tax authority's answer —
 * and its PDF to read.
 * Pure: everything it needs comes in, nothing is read or sent here.
 */
import { documentTypeName } from '../documents/issue.ts';
// Shared with the PDF (src/pdf/), so the e-mail and its attachment write amounts alike.
import { displayAmount } from '../domain/amount-text.ts';
import { pdfFileName, responseXmlFileName, signedXmlFileName } from '../domain/document-paths.ts';
import type { BrandingRow } from '../store/brandings.ts';
import type { DocumentRow } from '../store/documents.ts';
import type { OrganizationRow } from '../store/organizations.ts';
import type { OutgoingEmail } from './smtp-transport.ts';

export interface DocumentEmailInput {
  document: Pick<DocumentRow, 'documentType' | 'clave' | 'consecutive' | 'status' | 'issuedAt' | 'receptorName' | 'currency' | 'totalAmount' | 'signedXml' | 'responseXml'>;
  organization: Pick<OrganizationRow, 'name' | 'legalName'>;
  branding: Pick<BrandingRow, 'emailSenderName' | 'emailReplyTo' | 'footer'> | undefined;
  fromAddress: string;
  recipients: string[];
  /** The document's PDF (src/pdf/), rendered by the caller: composing stays pure. */
  pdf?: Buffer;
}

const XML = 'application/xml';

const STATE: Record<string, string> = {
  accepted: 'Aceptado por el Ministerio de Hacienda.',
  rejected: 'Rechazado por el Ministerio de Hacienda.',
  queued: 'Pendiente de envío al Ministerio de Hacienda (sin conexión por ahora).',
  error: 'No fue recibido por el Ministerio de Hacienda.',
};

/** The calendar date of FechaEmision (written in Costa Rica time), as dd/mm/yyyy. */
function displayDate(issuedAt: string): string {
  const [year, month, day] = issuedAt.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** The sentence that names the attachments. */
function attachedFiles(hasResponse: boolean, hasPdf: boolean): string {
  const files = ['el XML firmado del comprobante', ...(hasResponse ? ['la respuesta del Ministerio de Hacienda'] : []), ...(hasPdf ? ['su representación impresa en PDF'] : [])];
  const list = files.length === 1 ? files[0] : `${files.slice(0, -1).join(', ')} y ${files[files.length - 1]}`;
  return `${files.length === 1 ? 'Se adjunta' : 'Se adjuntan'} ${list}.`;
}

export function composeDocumentEmail(input: DocumentEmailInput): OutgoingEmail {
  const { document: doc, organization, branding } = input;
  const typeName = documentTypeName(doc.documentType);
  const issuer = organization.legalName ?? organization.name;
  const hasResponse = doc.responseXml !== null;
  const lines = [
    `Estimado(a) ${doc.receptorName ?? 'cliente'}:`,
    '',
    `Le enviamos el comprobante ${typeName} N.º ${doc.consecutive}, emitido por ${issuer}.`,
    '',
    `Clave: ${doc.clave}`,
    `Fecha de emisión: ${displayDate(doc.issuedAt)}`,
    `Total: ${doc.currency} ${displayAmount(doc.totalAmount)}`,
    `Estado: ${STATE[doc.status] ?? 'En validación por el Ministerio de Hacienda.'}`,
    '',
    attachedFiles(hasResponse, input.pdf !== undefined),
    ...(branding?.footer ? ['', branding.footer] : []),
  ];
  const attachments = [{ filename: signedXmlFileName(doc.clave), content: doc.signedXml, contentType: XML }];
  // Named like the GET /documents/{key}/response-xml download, so both copies of the file agree.
  if (doc.responseXml) attachments.push({ filename: responseXmlFileName(doc.clave), content: doc.responseXml, contentType: XML });
  if (input.pdf) attachments.push({ filename: pdfFileName(doc.clave), content: input.pdf, contentType: 'application/pdf' });
  return {
    from: { name: branding?.emailSenderName ?? organization.name, address: input.fromAddress },
    ...(branding?.emailReplyTo ? { replyTo: branding.emailReplyTo } : {}),
    to: input.recipients,
    subject: `${typeName} ${doc.consecutive} - ${issuer}`,
    text: `${lines.join('\n')}\n`,
    attachments,
  };
}
