/**
 * Words in both languages. A catalogue's Spanish object fixes the keys; the English one must have exactly
 * the same (the compiler says which is missing). A screen translates with its own catalogue merged with the
 * shared ones (`mergeMessages`), so no catalogue lists another's words.
 */

export interface Messages<K extends string = string> {
  es: Readonly<Record<K, string>>;
  en: Readonly<Record<K, string>>;
}

export function defineMessages<const T extends Record<string, string>>(es: T, en: Record<keyof T, string>): { es: T; en: Record<keyof T, string> } {
  return { es, en };
}

/** The keys of a catalogue (distributed over a union: `keyof` of a union would keep only the common keys). */
export type KeyOf<M> = M extends { es: infer E } ? Extract<keyof E, string> : never;

/** Several catalogues as one: a screen's own words with the shared ones. */
export function mergeMessages<const M extends readonly Messages<string>[]>(...catalogs: M): Messages<KeyOf<M[number]>> {
  return {
    es: Object.assign({}, ...catalogs.map((m) => m.es)) as Record<KeyOf<M[number]>, string>,
    en: Object.assign({}, ...catalogs.map((m) => m.en)) as Record<KeyOf<M[number]>, string>,
  };
}
