/** The language of the screens: Spanish unless the shopkeeper switched, remembered in localStorage. */
import { create } from 'zustand';
import type { Messages } from './define.ts';
import { errorMessages } from './messages.ts';

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

/** The text of `key` in `language` from `messages`, with `{name}` placeholders filled in. */
export function translate<K extends string>(language: Language, messages: Messages<K>, key: K, vars: Record<string, string | number> = {}): string {
  const text: string = (language === 'en' ? messages.en : messages.es)[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A message key for an error: the known codes have a translation, the rest show the server's words. */
export function errorText(language: Language, error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'network_error') return translate(language, errorMessages, 'error.server_unreachable');
  if (code === 'unauthenticated') return translate(language, errorMessages, 'error.unauthenticated');
  return message;
}

/**
 * A catalogue's translators: `useT` for components (`const t = useT(); t('nav.counter')`, following the
 * language switch) and `translate` for code outside them. Each screen makes its own in its messages.ts.
 */
export function translator<K extends string>(messages: Messages<K>) {
  return {
    messages,
    useT() {
      const language = useLanguage((s) => s.language);
      return (key: K, vars?: Record<string, string | number>) => translate(language, messages, key, vars);
    },
    translate: (language: Language, key: K, vars?: Record<string, string | number>) => translate(language, messages, key, vars),
  };
}
