/**
 * A supplier's mail as raw RFC 5322 bytes (multipart/mixed, attachments in base64), for putting into a real
 * IMAP mailbox with APPEND. Written out by hand so that a test can also write the broken mail real life sends.
 */
export interface MailAttachment {
  name: string;
  type: string;
  bytes: Buffer;
}

export interface MailSpec {
  messageId: string;
  subject?: string;
  from?: string;
  to?: string;
  text?: string;
  attachments: MailAttachment[];
}

function base64Lines(bytes: Buffer): string {
  return bytes.toString('base64').replace(/.{1,76}/g, '$&\r\n');
}

export function mimeMessage(spec: MailSpec): Buffer {
  const boundary = `=_facturador_${spec.messageId.replace(/\W/g, '')}`;
  const parts = [
    `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(Buffer.from(spec.text ?? 'Adjuntamos su comprobante electrónico.'))}`,
    ...spec.attachments.map((a) =>
      `Content-Type: ${a.type}; name="${a.name}"\r\nContent-Disposition: attachment; filename="${a.name}"\r\n` +
      `Content-Transfer-Encoding: base64\r\n\r\n${base64Lines(a.bytes)}`),
  ];
  const head = [
    `From: ${spec.from ?? 'Proveedor <facturas@proveedor.example.cr>'}`,
    `To: ${spec.to ?? 'compras@tecnovalle.example.cr'}`,
    `Subject: ${spec.subject ?? 'Factura electrónica'}`,
    `Message-ID: ${spec.messageId}`,
    'Date: Thu, 26 Nov 2026 10:00:00 -0600',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
  ].join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${parts.map((p) => `--${boundary}\r\n${p}`).join('\r\n')}\r\n--${boundary}--\r\n`);
}
