/**
 * What going live says to the owner, in Spanish (the default) and English: the request's `lang`, else its
 * Accept-Language (api/request-language.ts). Parameters are written as {name}.
 */
import { inLanguage, type Bilingual } from '../i18n/fill.ts';
import type { Language } from '../i18n/validation-messages.ts';

const texts = {
  no_certificate: [
    'No hay certificado de firma de producción: cargue la llave criptográfica (.p12) de producción y su PIN.',
    'No production signing certificate is stored: upload the production .p12 file and its PIN.',
  ],
  unreadable_certificate: [
    'El certificado de producción guardado no se puede abrir: cárguelo de nuevo.',
    'The stored production certificate cannot be opened: upload it again.',
  ],
  expired_certificate: [
    'El certificado de producción venció el {date}: cargue uno vigente.',
    'The production certificate expired on {date}: upload a valid one.',
  ],
  future_certificate: [
    'El certificado de producción es válido solo a partir del {date}.',
    'The production certificate is valid only from {date}.',
  ],
  no_holder: [
    'El certificado de producción no indica la identificación de su titular: use el certificado del emisor.',
    "The production certificate does not name its holder's identification: use the issuer's certificate.",
  ],
  other_holder: [
    'El certificado de producción es de {holder}, no del emisor ({identification}).',
    "The production certificate belongs to {holder}, not to the issuer ({identification}).",
  ],
  no_credentials: [
    'Faltan el usuario y la contraseña ATV de producción.',
    'The production ATV user and password are missing.',
  ],
  unknown_plan: ['No existe el plan {plan}. Planes: {plans}.', 'There is no plan {plan}. Plans: {plans}.'],
  plan_not_live: ['El plan {plan} no incluye producción.', 'The {plan} plan does not include production.'],
  plan_too_small: [
    'El plan {plan} admite {max} organización(es); esta cuenta tiene {count}.',
    'The {plan} plan allows {max} organization(s); this account has {count}.',
  ],
  ready: ['Todo listo para producción.', 'Ready for production.'],
  activated: [
    'Producción activada: desde ahora los comprobantes son reales y se envían a Hacienda.',
    'Production activated: from now on documents are real and go to the tax authority.',
  ],
} as const satisfies Record<string, Bilingual>;

export function goLiveText(lang: Language, key: keyof typeof texts, params: Record<string, string | number> = {}): string {
  return inLanguage(texts[key], lang, params);
}
