/**
 * The nine levels of a CABYS code. A code is 13 digits and every level is a prefix of it: digit 1 is the
 * level-1 category (Sección), 2 digits level 2, then 3, 4, 5, 7, 9, 11 and all 13 (the code itself, level 9).
 * The shipped copy bears this out: its 20,501 codes fall into 10, 72, 327, 1,249, 2,608, 4,598, 6,742 and
 * 12,219 distinct prefixes of those lengths, and the official workbook's category columns hold exactly
 * these prefixes (the import checks it).
 */

/** Digits of a code at each level, level 1 first. */
export const CABYS_LEVEL_DIGITS = [1, 2, 3, 4, 5, 7, 9, 11, 13] as const;

export const CABYS_LEVELS = CABYS_LEVEL_DIGITS.length;

/** The level of a category or code by its number of digits (undefined for other lengths). */
export function cabysLevelOf(code: string): number | undefined {
  if (!/^\d+$/.test(code)) return undefined;
  const index = CABYS_LEVEL_DIGITS.indexOf(code.length as (typeof CABYS_LEVEL_DIGITS)[number]);
  return index < 0 ? undefined : index + 1;
}

/** Digits of a level (1..9). */
export function cabysDigits(level: number): number {
  const digits = CABYS_LEVEL_DIGITS[level - 1];
  if (digits === undefined) throw new RangeError(`CABYS has no level ${level}`);
  return digits;
}

/** The category codes above a 13-digit code, level 1 to 8. */
export function cabysCategoryCodes(code: string): string[] {
  return CABYS_LEVEL_DIGITS.slice(0, -1).map((digits) => code.slice(0, digits));
}

/** The parent category of a category or code, undefined at level 1. */
export function cabysParentCode(code: string): string | undefined {
  const level = cabysLevelOf(code);
  return level === undefined || level === 1 ? undefined : code.slice(0, cabysDigits(level - 1));
}

export interface CabysCategoryRecord {
  level: number; // 1..8
  code: string;
  parentCode: string | null;
  /** Null where the data at hand does not name the category (the shipped copy names level 1 only). */
  description: string | null;
  /** Direct children: categories of the next level, or codes for level 8. */
  children: number;
  /** Codes (level 9) beneath. */
  codes: number;
}

/** Every category above a set of distinct codes, with its counts, named from `names` (category code -> name). */
export function cabysCategories(codes: Iterable<string>, names: ReadonlyMap<string, string>): CabysCategoryRecord[] {
  const categories = new Map<string, CabysCategoryRecord>();
  for (const code of codes) {
    let parent: CabysCategoryRecord | undefined;
    for (let level = 1; level < CABYS_LEVELS; level++) {
      const category = code.slice(0, CABYS_LEVEL_DIGITS[level - 1]);
      let record = categories.get(category);
      if (!record) {
        record = { level, code: category, parentCode: parent?.code ?? null, description: names.get(category) ?? null, children: 0, codes: 0 };
        categories.set(category, record);
        // A category is its parent's child once: when first met (top-down, the parent exists already).
        if (parent) parent.children++;
      }
      record.codes++;
      parent = record;
    }
    parent!.children++; // the code itself (codes are distinct)
  }
  return [...categories.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
