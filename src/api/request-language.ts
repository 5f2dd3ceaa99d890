/**
 * The language of a rendered file (the PDF): `lang` when the request gives it, else English when the
 * client's Accept-Language prefers English to Spanish, else Spanish (spec: "default from Accept-Language,
 * `en` if asked, else Spanish"). The server's messages follow the same rule (languageOf).
 */
import type { Language } from '../i18n/validation-messages.ts';

/** The languages of an Accept-Language header, best first (`en-US;q=0.8, es;q=0.9` -> es, en). */
function preferences(header: string): { tag: string; q: number }[] {
  return header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: range.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((p) => p.tag !== '' && Number.isFinite(p.q) && p.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
}

export function requestLanguage(lang: Language | undefined, acceptLanguage: string | undefined): Language {
  if (lang) return lang;
  const first = preferences(acceptLanguage ?? '').find((p) => p.tag === 'es' || p.tag === 'en');
  return first?.tag === 'en' ? 'en' : 'es';
}

/**
 * The language of the server's messages to this request (docs/languages.md): the one its Accept-Language
 * prefers of Spanish and English, Spanish when it names neither. The screens send the language the
 * shopkeeper chose.
 */
export function languageOf(request: { headers: { 'accept-language'?: string } }): Language {
  return requestLanguage(undefined, request.headers['accept-language']);
}
