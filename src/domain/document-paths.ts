/**
 * Where a document's files are served (`signed_xml_path`, `response_xml_path` of the API shapes and the
 * webhook payloads): one definition for the API views and the events the store records.
 */
export function signedXmlPath(clave: string): string {
  return `/api/v1/documents/${clave}/xml`;
}

export function responseXmlPath(clave: string): string {
  return `/api/v1/documents/${clave}/response-xml`;
}

/** Comprobantes only: a receiver message has no printed representation. */
export function pdfPath(clave: string): string {
  return `/api/v1/documents/${clave}/pdf`;
}

/**
 * The names a document's files carry wherever they are handed out (downloads, ZIPs, e-mail attachments),
 * so that every copy of one file has the same name.
 */
export function signedXmlFileName(clave: string): string {
  return `${clave}.xml`;
}

export function responseXmlFileName(clave: string): string {
  return `${clave}_respuesta.xml`;
}

export function pdfFileName(clave: string): string {
  return `${clave}.pdf`;
}
