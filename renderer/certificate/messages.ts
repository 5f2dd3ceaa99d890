/** The words of the certificate screen; its files translate with the catalogue at the end (these and the shared words). */
import { defineMessages, mergeMessages, type KeyOf } from '../i18n/define.ts';
import { translator } from '../i18n/store.ts';
import { sharedMessages } from '../shared/messages.ts';

export const certificateMessages = defineMessages({
  'certificate.title': 'Certificado de firma y credenciales ATV',
  'certificate.intro': 'La llave criptográfica (.p12) con que se firman los comprobantes, su PIN, y el usuario y la contraseña de ATV con que se envían a Hacienda. Cada ambiente tiene los suyos.',
  'certificate.inUse': 'en uso',
  'certificate.credentials': 'Credenciales ATV',
  'certificate.present': 'Cargado',
  'certificate.missing': 'Falta',
  'certificate.subject': 'Titular',
  'certificate.serial': 'Número de serie',
  'certificate.expiry': 'Vence',
  'certificate.uploaded': 'Certificado guardado ({environment}): {subject}, vence el {date}.',
  'certificate.formTitle': 'Cargar o reemplazar',
  'certificate.remove': 'Quitar',
  'certificate.confirmRemove': '¿Quitar el certificado y las credenciales de {environment}? Los comprobantes de ese ambiente no podrán firmarse.',
  'certificate.removeYes': 'Sí, quitar',
  'certificate.cancel': 'Cancelar',
  'certificate.productionNote': 'Producción se administra cuando es el ambiente en uso (Ajustes → Ambiente), con un plan que lo permita.',
}, {
  'certificate.title': 'Signing certificate and ATV credentials',
  'certificate.intro': 'The cryptographic key (.p12) that signs the documents, its PIN, and the ATV user and password that send them to the tax authority. Each environment has its own.',
  'certificate.inUse': 'in use',
  'certificate.credentials': 'ATV credentials',
  'certificate.present': 'Stored',
  'certificate.missing': 'Missing',
  'certificate.subject': 'Holder',
  'certificate.serial': 'Serial number',
  'certificate.expiry': 'Expires',
  'certificate.uploaded': 'Certificate saved ({environment}): {subject}, expires on {date}.',
  'certificate.formTitle': 'Upload or replace',
  'certificate.remove': 'Remove',
  'certificate.confirmRemove': 'Remove the certificate and credentials of {environment}? Documents of that environment can no longer be signed.',
  'certificate.removeYes': 'Yes, remove',
  'certificate.cancel': 'Cancel',
  'certificate.productionNote': 'Production is managed when it is the environment in use (Settings → Environment), on a plan that allows it.',
});

/** The screen's words with the shared ones: what its files translate with. */
export const { messages, useT } = translator(mergeMessages(sharedMessages, certificateMessages));
export const { es, en } = messages;
export type MessageKey = KeyOf<typeof messages>;
