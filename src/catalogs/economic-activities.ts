/**
 * Common economic activities (code and name), shipped as resources/catalogs/economic-activities.tsv.gz:
 * the 6-digit activity codes of the register before its 2025 move to CIIU 4 codes (source and vintage in
 * resources/catalogs/README.md). The engine takes any 6-character activity code (the XSD's only rule) and
 * the tax authority checks it against the taxpayer's registration, so this list helps choose, it does not
 * validate. Small enough to filter in memory.
 */
import type { CodeEntry } from './code-tables.ts';
import { resourceRows } from './resources.ts';
import { foldText, searchWords } from './search-text.ts';

interface Activity {
  entry: CodeEntry;
  folded: string;
}

let activities: Activity[] | undefined;

function all(): Activity[] {
  activities ??= resourceRows('activities').map(([code = '', name = '']) => ({ entry: { code, name, description: name, note: null }, folded: foldText(name) }));
  return activities;
}

/** Every activity, or those whose code starts with `query` or whose name has all its words (accents and case ignored). */
export function economicActivities(query?: string): CodeEntry[] {
  const text = query?.trim() ?? '';
  if (text === '') return all().map((a) => a.entry);
  if (/^\d+$/.test(text)) return all().filter((a) => a.entry.code.startsWith(text)).map((a) => a.entry);
  const words = searchWords(text);
  return all().filter((a) => words.every((w) => a.folded.includes(w))).map((a) => a.entry);
}
