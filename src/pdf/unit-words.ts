/**
 * The unit of a line as the customer reads it on a receipt: goods sold by the unit say "unidad(es)" instead
 * of the code `Unid` (Nota 15's UnidadMedida). Other units keep their code: they are the symbols people
 * already read (kg, L, m, h) or services, where the receipt's line is its description.
 */
import type { Language } from '../i18n/validation-messages.ts';

const WORDS: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  es: { Unid: 'unidad(es)' },
  en: { Unid: 'unit(s)' },
};

export function unitWords(unit: string, lang: Language): string {
  return WORDS[lang][unit] ?? unit;
}
