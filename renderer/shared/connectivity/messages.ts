/**
 * The words of the tax-authority banners (offline, credentials rejected: `banner.`) and of why a
 * queued document waits (`delivery.`, the Documents screen's detail): what to do, not the protocol's codes.
 */
import { defineMessages } from '../../i18n/define.ts';

export const connectivityMessages = defineMessages({
  'banner.offline': 'Hacienda no responde. Los comprobantes se firman y quedan en cola: {count} en espera.',
  'banner.lastContact': 'Último contacto: {when}',
  'banner.credentialsRejected': 'Hacienda rechazó el usuario o la contraseña de ATV: corríjalos en Certificado.',
  'banner.credentialsWaiting': 'Comprobantes en espera: {count}.',
  'banner.toCertificate': 'Ir a Certificado',
  'delivery.credentials_rejected': 'En espera: Hacienda rechazó el usuario o la contraseña de ATV. Corríjalos en Certificado y se enviará solo.',
  'delivery.credentials_missing': 'En espera: faltan el usuario y la contraseña de ATV. Guárdelos en Certificado y se enviará solo.',
  'delivery.unreachable': 'En espera: Hacienda no responde. Se enviará solo cuando vuelva la conexión.',
  'delivery.detail': 'Detalle técnico: {detail}',
}, {
  'banner.offline': 'The tax authority is unreachable. Documents are signed and queued: {count} waiting.',
  'banner.lastContact': 'Last contact: {when}',
  'banner.credentialsRejected': 'The tax authority refused the ATV user or password: correct them in Certificate.',
  'banner.credentialsWaiting': 'Documents waiting: {count}.',
  'banner.toCertificate': 'Go to Certificate',
  'delivery.credentials_rejected': 'Waiting: the tax authority refused the ATV user or password. Correct them in Certificate and it will be sent by itself.',
  'delivery.credentials_missing': 'Waiting: the ATV user and password are missing. Save them in Certificate and it will be sent by itself.',
  'delivery.unreachable': 'Waiting: the tax authority does not answer. It will be sent by itself when the connection is back.',
  'delivery.detail': 'Technical detail: {detail}',
});
