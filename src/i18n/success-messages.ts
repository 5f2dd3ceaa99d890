/**
 * The `message` of a success envelope (`ok(data, 'Webhook created.')` in the sections' routes.ts): the server-messages
 * catalogue's group for what went right, shown by the screens after a save. docs/languages.md
 */
import type { Bilingual } from './fill.ts';

export const SUCCESS_MESSAGES = {
  // Documents, notes and receiver messages
  document_queued: ['Comprobante firmado y en cola para enviarlo a Hacienda.', 'Document signed and queued for the tax authority.'],
  receiver_message_queued: ['Mensaje receptor firmado y en cola para enviarlo a Hacienda.', 'Receiver message signed and queued for the tax authority.'],
  // Suppliers' documents (api/sections/received-documents/routes.ts)
  received_upload: ['{stored} comprobante(s) recibido(s), {problems} archivo(s) con problemas.', '{stored} document(s) received, {problems} file(s) with problems.'],
  received_answer_queued: ['Respuesta firmada y en cola para enviarla a Hacienda.', 'Answer signed and queued for the tax authority.'],
  mailbox_saved: ['Buzón guardado.', 'Mailbox saved.'],
  mailbox_removed: ['Buzón eliminado.', 'Mailbox removed.'],
  mailbox_poll_now: ['El buzón se leerá ahora.', 'The mailbox will be read now.'],
  folder_saved: ['Carpeta guardada.', 'Folder saved.'],
  folder_removed: ['La carpeta ya no se vigila.', 'Folder no longer watched.'],
  folder_scan_now: ['La carpeta se revisará ahora.', 'The folder will be scanned now.'],
  digest_saved: ['Resumen de plazos guardado.', 'Deadline digest saved.'],
  digest_removed: ['Resumen de plazos eliminado.', 'Deadline digest removed.'],
  credit_note_queued: ['Nota de crédito firmada y en cola; el comprobante original queda anulado cuando Hacienda la acepte.', 'Credit note signed and queued; the original is voided once it is accepted.'],
  email_queued: ['Correo en cola para enviarse.', 'E-mail queued.'],
  export_queued: ['Exportación en cola; descárguela cuando su estado sea ready.', 'Export queued; download it once its status is ready.'],

  // The organization and its settings
  organization_created: ['Organización creada.', 'Organization created.'],
  organization_updated: ['Organización actualizada.', 'Organization updated.'],
  organization_deleted: ['Organización eliminada.', 'Organization deleted.'],
  profile_updated: ['Perfil actualizado.', 'Profile updated.'],
  branding_updated: ['Apariencia de los comprobantes actualizada.', 'Branding updated.'],
  counter_updated: ['Consecutivo actualizado.', 'Counter updated.'],
  certificate_stored: ['Certificado guardado para {environment}.', 'Certificate stored for {environment}.'],
  certificate_removed: ['Se eliminaron el certificado y las credenciales de {environment}.', 'Certificate and credentials removed from {environment}.'],
  smtp_saved: ['Ajustes de SMTP guardados.', 'SMTP settings saved.'],
  till_settings_saved: ['Ajustes de la caja guardados.', 'Till settings saved.'],
  smtp_removed: ['Ajustes de SMTP eliminados.', 'SMTP settings removed.'],
  test_email_sent: ['Correo de prueba enviado.', 'Test e-mail sent.'],
  test_email_failed: ['El correo de prueba no se pudo enviar.', 'Test e-mail failed.'],
  archive_enabled: ['Archivo fiscal activado.', 'Fiscal archive enabled.'],
  archive_disabled: ['Archivo fiscal desactivado.', 'Fiscal archive disabled.'],
  backup_taken: ['Respaldo hecho.', 'Backup taken.'],
  backup_restored: ['Se restauró {file}; la base de datos reemplazada se guardó como {kept}.', 'Restored {file}; the replaced database was kept as {kept}.'],

  // Keys, customers, products and webhooks
  key_created: ['Llave de API creada. Guarde el secreto ahora: no se vuelve a mostrar.', 'API key created. Store the secret now: it is not shown again.'],
  key_revoked_done: ['Llave de API revocada.', 'API key revoked.'],
  recipient_created: ['Cliente creado.', 'Recipient created.'],
  recipient_updated: ['Cliente actualizado.', 'Recipient updated.'],
  recipient_deleted: ['Cliente eliminado.', 'Recipient deleted.'],
  product_created: ['Producto creado.', 'Product created.'],
  product_updated: ['Producto actualizado.', 'Product updated.'],
  product_deleted: ['Producto eliminado.', 'Product deleted.'],
  cashier_created: ['Cajero creado.', 'Cashier created.'],
  cashier_updated: ['Cajero actualizado.', 'Cashier updated.'],
  cashier_disabled: ['Cajero desactivado.', 'Cashier disabled.'],
  cashier_signed_in: ['Cajero en sesión.', 'Cashier signed in.'],
  approval_granted: ['Aprobado.', 'Approved.'],
  products_imported: ['{imported} importados, {updated} actualizados, {skipped} omitidos.', '{imported} imported, {updated} updated, {skipped} skipped.'],
  shift_opened: ['Turno abierto.', 'Shift opened.'],
  cash_movement_recorded: ['Movimiento de efectivo registrado.', 'Cash movement recorded.'],
  shift_closed_ok: ['Turno cerrado.', 'Shift closed.'],
  printer_added: ['Impresora agregada.', 'Printer added.'],
  printer_updated: ['Impresora actualizada.', 'Printer updated.'],
  test_page_printed: ['Página de prueba impresa.', 'Test page printed.'],
  test_page_not_printed: ['La página de prueba no se imprimió.', 'The test page was not printed.'],
  document_printed: ['Impreso.', 'Printed.'],
  document_not_printed: ['No impreso.', 'Not printed.'],
  webhook_created: ['Webhook creado.', 'Webhook created.'],
  webhook_updated: ['Webhook actualizado.', 'Webhook updated.'],
  webhook_deleted: ['Webhook eliminado.', 'Webhook deleted.'],
  webhook_secret_regenerated: ['Se generó un secreto nuevo.', 'Secret regenerated.'],
  test_delivery_succeeded: ['El envío de prueba llegó bien.', 'Test delivery succeeded.'],
  test_delivery_failed: ['El envío de prueba falló.', 'Test delivery failed.'],
  redelivery_succeeded: ['El reenvío llegó bien.', 'Redelivery succeeded.'],
  redelivery_failed: ['El reenvío falló.', 'Redelivery failed.'],

  // Exchange rates answered from elsewhere than asked (api/sections/exchange-rates/views.ts joins the sentences; the
  // first template takes the fallback's sentence off the front and translates the rest as a message of its own)
  rate_fallback_and: ['No hay un tipo de cambio guardado de {entity}: respondió el tipo de referencia (bccr). {more}', 'No stored rate of {entity}: the reference rate (bccr) answered. {more}'],
  rate_fallback: ['No hay un tipo de cambio guardado de {entity}: respondió el tipo de referencia (bccr).', 'No stored rate of {entity}: the reference rate (bccr) answered.'],
  rate_stale: ['Respondido con el tipo de cambio guardado del {date}: {reason}.', 'Answered with the stored rate of {date}: {reason}.'],
  rate_not_stored: ['No hay tipo de cambio de {currency} guardado para el {date}, y {reason}.', 'No {currency} rate for {date} is stored, and {reason}.'],
  rate_no_source: ['Ninguna fuente publica tipos de cambio de {currency}: los indicadores de Hacienda solo traen el dólar y el euro.', "No source publishes {currency} rates: the tax authority's indicators carry the US dollar and the euro only."],
  // …and why (exchange-rates/reference-rates.ts), inside the sentences above
  rate_reason_unreachable: ['no se puede contactar a Hacienda ({detail})', 'the tax authority cannot be reached ({detail})'],
  rate_reason_no_current: ['los tipos de cambio vigentes de Hacienda no traen el {currency}', "the tax authority's current rates carry no {currency} rate"],
  rate_reason_no_dollar: ['Hacienda no publica tipo de cambio del dólar para el {date}', 'the tax authority publishes no dollar rate for {date}'],
  rate_reason_euro_today: ['Hacienda publica el tipo de cambio del euro solo del día en curso', "the tax authority publishes the euro's rate of the current day only"],
  rate_reason_none_newer: ['no se conoce uno más reciente', 'no newer rate is known'],
} as const satisfies Record<string, Bilingual>;
