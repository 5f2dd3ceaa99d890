/**
 * The catalogue cites the annex's pages right: a rule about a field of the document tables (pages 18–63)
 * cites a page where that field's row stands, and a rule about a code table cites the page of its Nota.
 * The annex text (its "Página N de 98" marks close each page) lives beside the project in ../shared.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANNEX_RULES } from '../../../src/documents/rules/catalogue.ts';

const ANNEX = new URL('../../../../shared/hacienda/docs/ANEXOS_Y_ESTRUCTURAS_V4.4.txt', import.meta.url);

/** The page of every line: a page's lines come before its "Página N de 98" mark. */
function pagesOf(lines: string[]): number[] {
  const pages: number[] = [];
  let pending: number[] = [];
  lines.forEach((line, i) => {
    pending.push(i);
    const mark = /Página (\d+) de 98/.exec(line);
    if (mark) {
      for (const j of pending) pages[j] = Number(mark[1]);
      pending = [];
    }
  });
  return pages;
}

describe.skipIf(!existsSync(ANNEX))('the annex pages the catalogue cites', () => {
  const lines = existsSync(ANNEX) ? readFileSync(ANNEX, 'utf8').split('\n') : [];
  const pages = pagesOf(lines);
  // Rows of the field tables: "> > PrecioUnitario …", "CondicionVenta …" (numbers before are footnote marks).
  const rows = lines.flatMap((line, i) => {
    const m = /^\s*\d*\s*(?:>\s*)*(\w+)\b/.exec(line);
    return m && pages[i]! >= 18 && pages[i]! <= 63 ? [{ name: m[1]!, page: pages[i]! }] : [];
  });

  it('cites the page of the field a rule is about', () => {
    const wrong = ANNEX_RULES.flatMap((rule) => {
      const names = rule.element.split('/').at(-1)!.split('|');
      const found = [...new Set(rows.filter((row) => names.includes(row.name)).map((row) => row.page))];
      if (found.length === 0 || rule.page >= 64 || rule.page < 18) return [];
      return found.includes(rule.page) ? [] : [`${rule.id}: cites ${rule.page}, the field is on ${found.join(', ')}`];
    });
    expect(wrong).toEqual([]);
  });

  it('cites the page of its Nota for a code table', () => {
    for (const rule of ANNEX_RULES.filter((r) => r.id.startsWith('note-'))) {
      const note = /^note-(\d+(?:-\d)?)-/.exec(rule.id)![1]!.replace('-', '.');
      const line = lines.findIndex((l) => new RegExp(`Nota ${note.replace('.', '\\.')} ?/`).test(l));
      expect(pages[line], rule.id).toBe(rule.page);
    }
  });
});
