/** The language of the screens: Spanish unless the shopkeeper switched, remembered in localStorage. */
import { create } from 'zustand';
import { en, es, type MessageKey } from './messages.ts';

export type Language = 'es' | 'en';
const STORAGE_KEY = 'facturador.language';

function initialLanguage(): Language {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'en' ? 'en' : 'es';
  } catch {
    return 'es'; // storage refused (private mode): the default is fine
  }
}

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

export const useLanguage = create<LanguageState>((set) => ({
  language: initialLanguage(),
  setLanguage(language) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, language);
    } catch {
      // not remembered; still switched for this page
    }
    globalThis.document?.documentElement.setAttribute("lang", language);
    set({ language });
  },
}));

/** The text of `key` in `language`, with `{name}` placeholders filled in. */
export function translate(language: Language, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const text: string = (language === 'en' ? en : es)[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A message key for an error: the known codes have a translation, the rest show the server's words. */
export function errorText(language: Language, error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'network_error') return translate(language, 'error.server_unreachable');
  if (code === 'unauthenticated') return translate(language, 'error.unauthenticated');
  return message;
}

/** The hook screens use: `const t = useT(); t('nav.counter')`. */
export function useT() {
  const language = useLanguage((s) => s.language);
  return (key: MessageKey, vars?: Record<string, string | number>) => translate(language, key, vars);
}

/** Amounts as the shopkeeper reads them (es-CR: 3 030,5); formatting only, no arithmetic. */
export function formatAmount(language: Language, amount: number): string {
  return amount.toLocaleString(language === 'en' ? 'en-US' : 'es-CR', { maximumFractionDigits: 5 });
}
