/**
 * What the routes refuse about the shop's own things — documents, the fiscal archive, backups,
 * organizations, keys, webhooks, settings — and what is not there: the server-messages catalogue's group for
 * resources. Status and environment words (`pending`, `staging`) stay as the API writes them. docs/languages.md
 */
import type { Bilingual } from './fill.ts';

export const RESOURCE_MESSAGES = {
  // Documents and receiver messages (documents/issue.ts, receiver-messages/issue-receiver-message.ts, api/sections/documents/routes.ts, api/sections/documents/*.ts, api/sections/hacienda/routes.ts)
  issuer_mismatch: ['La identificación del emisor {number} no es la de esta organización ({own}).', "The issuer identification {number} is not this organization's ({own})."],
  purchase_receiver_mismatch: [
    'La identificación del receptor {number} no es la de esta organización ({own}); en una factura de compra el comprador es quien emite.',
    "The receiver (the buyer issues a purchase invoice) identification {number} is not this organization's ({own}).",
  ],
  receiver_mismatch: ['La identificación del receptor {number} no es la de esta organización ({own}).', "The receiver identification {number} is not this organization's ({own})."],
  simulation_test_key: ['Solo se puede pedir un veredicto simulado con una llave de pruebas.', 'A simulated verdict can only be requested with a test key.'],
  certificate_for_documents: ['Suba el certificado de firma (.p12) de {environment} antes de emitir comprobantes.', 'Upload the signing certificate (.p12) for {environment} before issuing documents.'],
  certificate_for_messages: ['Suba el certificado de firma (.p12) de {environment} antes de enviar mensajes receptor.', 'Upload the signing certificate (.p12) for {environment} before sending receiver messages.'],
  duplicate_clave: ['La clave {clave} ya la usó el comprobante {consecutive} (id {id}).', 'Clave {clave} was already used by document {consecutive} (id {id}).'],
  duplicate_consecutive: ['El consecutivo {consecutive} ya lo usó el comprobante {clave} (id {id}).', 'Consecutive {consecutive} was already used by document {clave} (id {id}).'],
  duplicate_receiver_message: ['Ya se envió un mensaje receptor para {clave} ({consecutive}, id {id}).', 'A receiver message for {clave} was already sent ({consecutive}, id {id}).'],
  response_not_available: ['Hacienda todavía no ha respondido sobre {clave}.', 'The tax authority has not answered for {clave} yet.'],
  hacienda_unknown_clave: ['Hacienda no conoce {clave}: {detail}', 'The tax authority does not know {clave}: {detail}'],
  pdf_receiver_message: ['{clave} es un mensaje receptor: no tiene representación impresa.', '{clave} is a receiver message: it has no printed representation.'],
  no_documents_in_range: ['Ningún comprobante emitido del {from} al {to} cumple los filtros.', 'No documents issued from {from} to {to} match the filters.'],
  smtp_for_documents: ['Configure el servidor de correo saliente (PUT /settings/smtp) antes de enviar comprobantes por correo.', 'Configure the outgoing mail server (PUT /settings/smtp) before e-mailing documents.'],

  // The fiscal archive (api/sections/archive/routes.ts, archive/zip-reader.ts)
  archive_export_not_found: ['No hay ninguna exportación {id} en esta organización.', 'No archive export {id} in this organization.'],
  archive_import_needs_archive: ['Para importar en producción se necesita el archivo fiscal: actívelo con POST /account/archive.', 'Importing into production needs the fiscal archive: enable it with POST /account/archive.'],
  export_window_closed: ['El plazo para descargar la exportación {id} terminó el {at}; pida una exportación nueva.', 'The download window of export {id} closed at {at}; request a new export.'],
  export_failed: ['La exportación {id} falló: {detail}. Pida una exportación nueva.', 'Export {id} failed: {detail}. Request a new export.'],
  export_not_ready: ['La exportación {id} está en estado {status}; descárguela cuando su estado sea ready.', 'Export {id} is {status}; download it once its status is ready.'],
  export_file_gone: ['El archivo de la exportación {id} ya no está en el disco; pida una exportación nueva.', 'The file of export {id} is no longer on disk; request a new export.'],
  range_backwards: ['Debe ser igual o posterior a from.', 'Must be on or after from.'],
  zip_unreadable: ['No es un archivo ZIP legible: {detail}', 'Not a readable ZIP archive: {detail}'],
  zip_damaged: ['El archivo ZIP está dañado o no es seguro: {detail}', 'The ZIP archive is damaged or unsafe: {detail}'],
  zip_too_many_files: ['El ZIP trae {count} archivos; se pueden importar como máximo {max} a la vez.', 'The ZIP holds {count} entries; at most {max} can be imported at once.'],
  zip_file_too_large: ['{file} se expande a {size}; no se importan archivos de más de {max}.', '{file} expands to {size}; files of more than {max} are not imported.'],
  zip_bomb: ['{file} está comprimido más de {ratio} a 1, como ningún comprobante real (una bomba ZIP); no se importa.', '{file} is compressed more than {ratio} to 1, as no real document is (a ZIP bomb); it is not imported.'],
  zip_too_large: ['El ZIP se expande a más de {max}; impórtelo por partes.', 'The ZIP expands to more than {max}; import it in parts.'],

  // Organizations, their profile and settings (api/sections/organizations/*.ts, api/sections/organizations/settings-routes.ts, organizations/recipient-fields.ts)
  organization_not_found: ['No hay ninguna organización {id} en esta cuenta.', 'No organization {id} in this account.'],
  identification_fixed: ['La identificación de una organización no se puede cambiar; cree otra organización.', 'The identification of an organization cannot change; create another organization.'],
  neighborhood_short: ['Al menos 5 caracteres (o ninguno).', 'At least 5 characters (or none).'],
  details_short: ['Al menos 5 caracteres.', 'At least 5 characters.'],
  district_unknown: ['El distrito {code} no está en la tabla oficial de ubicaciones.', 'No district {code} in the official location table.'],
  location_together: ['Provincia, cantón y distrito van juntos.', 'Province, canton and district go together.'],
  recipient_identification: ['Debe llevar de 1 a 20 dígitos o letras.', 'Must hold 1 to 20 digits or letters.'],
  counter_backwards: ['El consecutivo ya va en {current}; solo puede avanzar (un número menor podría repetir un consecutivo).', 'The counter is already at {current}; it can only move forward (a lower number could repeat a consecutive).'],
  smtp_not_configured: ['No hay un servidor de correo saliente configurado (PUT /settings/smtp).', 'No outgoing mail server is configured (PUT /settings/smtp).'],
  smtp_none_stored: ['No hay ajustes de SMTP guardados.', 'No SMTP settings are stored.'],

  // API keys (api/sections/keys/routes.ts)
  ability_unknown: ['El permiso {ability} no existe.', 'Unknown ability {ability}.'],
  ability_of_account: ['{ability} es un permiso de cuenta; una llave de organización no puede llevarlo.', '{ability} is an account ability; an organization key cannot carry it.'],
  ability_of_organization: ['{ability} es un permiso de organización; una llave de cuenta solo lleva account:manage.', '{ability} is an organization ability; an account key carries only account:manage.'],
  key_organization_unknown: ['No hay ninguna organización con ese id en la cuenta.', 'No organization with this id in the account.'],
  future_date_time: ['Debe ser una fecha y hora en el futuro.', 'Must be a date-time in the future.'],

  // Webhooks (api/sections/webhooks/routes.ts)
  not_blank: ['No puede quedar en blanco.', 'Must not be blank.'],

  // Things not found (api/errors.ts notFound): each by name, then any other
  organization_missing: ['No se encontró la organización.', 'Organization not found.'],
  file_missing: ['No se encontró el archivo.', 'File not found.'],
  backup_missing: ['No se encontró el respaldo.', 'Backup not found.'],
  logo_missing: ['No hay logo guardado.', 'Logo not found.'],
  key_missing_found: ['No se encontró la llave de API.', 'API key not found.'],
  webhook_missing: ['No se encontró el webhook.', 'Webhook not found.'],
  delivery_missing: ['No se encontró el envío.', 'Delivery not found.'],
  resource_missing: ['No se encontró el recurso.', 'Resource not found.'],
  // Suppliers' documents (api/sections/received-documents/, received/answer-received.ts)
  received_missing: ['No hay ningún comprobante recibido {clave} en esta organización.', 'No received document {clave} in this organization.'],
  received_no_pdf: ['El comprobante recibido {clave} llegó sin PDF.', 'Received document {clave} came without a PDF.'],
  received_no_file: ['El formulario no trae ningún archivo: envíe el XML del proveedor, su respuesta y el PDF como campos de archivo.', "The form carries no file: send the supplier's XML, its answer and PDF as file fields."],
  received_answered: ['El comprobante recibido {clave} ya se respondió ({consecutive}).', 'Received document {clave} was already answered ({consecutive}).'],
  received_not_answerable: ['El comprobante recibido {clave} está {state}: ya no admite respuesta.', 'Received document {clave} is {state}: it takes no answer now.'],
  received_window_closed: ['El plazo para responder {clave} venció el {date}: el comprobante se presume aceptado.', 'The answer window of {clave} closed on {date}: the document is presumed accepted.'],
  received_media_type: ['Envíe los archivos como multipart/form-data, o un solo documento XML como application/xml.', 'Send the files as multipart/form-data, or one XML document as application/xml.'],
  mailbox_missing: ['No hay ningún buzón configurado.', 'No mailbox is configured.'],
  digest_missing: ['No hay ningún resumen de plazos configurado.', 'No deadline digest is configured.'],
  folder_missing: ['No se vigila ninguna carpeta.', 'No folder is watched.'],
  folder_not_enabled: ['No se vigila ninguna carpeta activa (PUT /settings/received-folder).', 'No enabled folder is watched (PUT /settings/received-folder).'],
  folder_relative: ['La carpeta debe ser una ruta absoluta.', 'The folder must be an absolute path.'],
  folder_system: ['No se puede vigilar una carpeta del sistema.', 'A system folder cannot be watched.'],
  folder_data_dir: ['No se puede vigilar la carpeta de datos de la aplicación.', "The app's data directory cannot be watched."],
  folder_not_folder: ['La ruta no es una carpeta.', 'The path is not a folder.'],
  folder_absent: ['La carpeta no existe.', 'The folder does not exist.'],
  mailbox_not_enabled: ['No hay ningún buzón activo configurado (PUT /settings/mailbox).', 'No enabled mailbox is configured (PUT /settings/mailbox).'],
  mailbox_password: ['Escriba la contraseña del buzón: es nuevo, o cambió el servidor, el puerto, el usuario o la seguridad.', 'Type the mailbox password: it is new, or the host, port, user or security changed.'],
  // The VAT worksheet (reports/vat-report.ts, api/sections/reports/routes.ts)
  vat_month_format: ['Escriba el mes como AAAA-MM (por ejemplo 2026-10).', 'Write the month as YYYY-MM (for example 2026-10).'],
  vat_month_future: ['El mes {month} todavía no ha empezado.', 'Month {month} has not started yet.'],
  vat_percentage: ['Debe ser un porcentaje de 0 a 100.', 'Must be a percentage from 0 to 100.'],
  vat_amount: ['Debe ser un monto en colones, cero o mayor, con hasta 5 decimales.', 'Must be an amount in colones, zero or more, with up to 5 decimals.'],
  vat_line_missing: ['La hoja de trabajo del IVA no tiene ninguna línea {line}.', 'The VAT worksheet has no line {line}.'],
  something_missing: ['No se encontró: {what}.', '{what} not found.'],
} as const satisfies Record<string, Bilingual>;
