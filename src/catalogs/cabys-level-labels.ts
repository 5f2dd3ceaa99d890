/**
 * Labels for the CABYS categories the shipped copy does not name (levels 2 to 8: the copy is the catalogue
 * flattened to code, rate and description, docs/catalogs.md). A bare `2391102` tells a shopkeeper browsing
 * the tree nothing; a summary of what is beneath it does. Made from the codes' own descriptions, so it says
 * only what the catalogue says, and is shown as a summary, never as the category's official name:
 *
 * - every code beneath starts alike ("Café tostado, …"): that start, `Café tostado`;
 * - their starts share two words or more: those words and an ellipsis, `Productos laminados planos …`;
 * - else what each entry directly beneath is mostly about, in code order, three at most:
 *   `Café caliente · Té caliente · Chocolate caliente …`.
 *
 * A description's start is its text before the first comma, semicolon or parenthesis, without `n.c.p.`.
 */
import { CABYS_LEVELS, cabysDigits, type CabysCategoryRecord } from './cabys-levels.ts';
import { isStopWord, foldText } from './search-text.ts';

const SHOWN = 3;

/** "Café tostado, sin descafeinar, molido" -> "Café tostado". */
export function descriptionStart(description: string): string {
  const cut = description.search(/[,;(]/);
  let start = cut < 0 ? description : description.slice(0, cut);
  if (start.includes('n.c.p')) start = start.replace(/\bn\.c\.p\.?/g, '');
  start = start.trim();
  return start || description.trim();
}

/**
 * The leading words every start shares (compared without case or accents), without trailing small words;
 * [] as soon as fewer than two are shared, the least a summary needs.
 */
function sharedWords(starts: readonly string[], foldedWordsOf: (start: string) => string[]): string[] {
  const first = foldedWordsOf(starts[0]!);
  let length = first.length;
  for (const start of starts) {
    const words = foldedWordsOf(start);
    let i = 0;
    while (i < length && first[i] === words[i]) i++;
    if (i < 2) return [];
    length = i;
  }
  const kept = starts[0]!.split(' ').slice(0, length);
  while (kept.length > 0 && isStopWord(foldText(kept.at(-1)!))) kept.pop();
  return kept;
}

/** The start most of these descriptions have (the first one on a tie). */
function commonest(starts: readonly string[]): string {
  const counts = new Map<string, number>();
  let best = starts[0]!;
  let most = 0;
  for (const s of starts) {
    const n = (counts.get(s) ?? 0) + 1;
    counts.set(s, n);
    if (n > most) [best, most] = [s, n];
  }
  return best;
}

function append(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * A label for each category of levels 2-8 above these codes, by category code (`categories` as
 * cabysCategories() gives them). One pass over the codes gathers what is beneath each category; the
 * labels are made deepest first, so that a category with a single entry beneath says what that one says.
 */
export function cabysLevelLabels(codes: readonly { code: string; description: string }[], categories: readonly CabysCategoryRecord[]): Map<string, string> {
  const starts = new Map<string, string[]>(); // category -> starts of the codes beneath, in code order
  const children = new Map<string, string[]>(); // category -> the categories or codes directly beneath
  const gists = new Map<string, string>(); // entry -> what it is mostly about: a code's start, a category's commonest
  for (const { code, description } of [...codes].sort((a, b) => (a.code < b.code ? -1 : 1))) {
    const start = descriptionStart(description);
    gists.set(code, start);
    for (let level = 2; level < CABYS_LEVELS; level++) append(starts, code.slice(0, cabysDigits(level)), start);
    append(children, code.slice(0, cabysDigits(CABYS_LEVELS - 1)), code);
  }
  for (const c of [...categories].sort((a, b) => (a.code < b.code ? -1 : 1))) if (c.parentCode && c.level > 2) append(children, c.parentCode, c.code);
  const gist = (entry: string) => {
    let found = gists.get(entry);
    if (found === undefined) gists.set(entry, (found = commonest(starts.get(entry) ?? [entry])));
    return found;
  };
  const folded = new Map<string, string[]>(); // each start folded once, however many categories it is in
  const foldedWordsOf = (start: string) => {
    let words = folded.get(start);
    if (!words) folded.set(start, (words = foldText(start).split(' ')));
    return words;
  };
  const labels = new Map<string, string>();
  for (const category of [...categories].sort((a, b) => b.level - a.level)) {
    const beneath = starts.get(category.code);
    if (category.level < 2 || !beneath) continue;
    const entries = children.get(category.code) ?? [];
    let label: string;
    if (beneath.every((s) => s === beneath[0])) label = beneath[0]!;
    else if (entries.length === 1 && labels.has(entries[0]!)) label = labels.get(entries[0]!)!;
    else {
      const shared = sharedWords(beneath, foldedWordsOf);
      const pieces = [...new Set(entries.map(gist))];
      label = shared.length >= 2 ? `${shared.join(' ')} …` : pieces.slice(0, SHOWN).join(' · ') + (pieces.length > SHOWN ? ' …' : '');
    }
    labels.set(category.code, label);
  }
  return labels;
}
