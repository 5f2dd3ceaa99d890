/** A message in Spanish (the default) and English, as every catalogue of the server keeps them. */
export type Bilingual = readonly [spanish: string, english: string];

/** `message` in `language` (English only when asked), its placeholders filled. */
export function inLanguage(message: Bilingual, language: 'es' | 'en', params: Record<string, string | number> = {}): string {
  return fill(message[language === 'en' ? 1 : 0], params);
}

/** Fills a message template's `{name}` placeholders; an unknown name stays as written. */
export function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
