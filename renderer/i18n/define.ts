/**
 * A screen's words in both languages. The Spanish object fixes the keys; the English one must have exactly
 * the same (the compiler says which is missing).
 */
export function defineMessages<const T extends Record<string, string>>(es: T, en: Record<keyof T, string>): { es: T; en: Record<keyof T, string> } {
  return { es, en };
}
