/**
 * Reading PDFs back the way a person would, with Debian's poppler-utils: the text (pdftotext), the
 * page size (pdfinfo) and a picture of a page (pdftoppm) to look at.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A rectangle of the page, in points from the top left corner. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The text of every page; `layout` keeps the columns (a label and its amount on one line); `area` reads
 * only that part of the first page (to prove that things are printed together).
 */
export function pdfText(pdf: Buffer, layout = false, area?: Area): string {
  const crop = area ? ['-f', '1', '-l', '1', '-x', String(area.x), '-y', String(area.y), '-W', String(area.width), '-H', String(area.height)] : [];
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), ...crop, '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

export function pdfInfo(pdf: Buffer): { pages: number; width: number; height: number } {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const pages = /Pages:\s+(\d+)/.exec(info);
  return { pages: Number(pages?.[1]), width: Number(size?.[1]), height: Number(size?.[2]) };
}

/** Where tests leave the pictures of their PDFs, to look at (not committed). */
export const SCREENS_DIR = new URL('../../.tmp/pdf-screens/', import.meta.url).pathname;

/** Renders the first page to `<SCREENS_DIR>/<name>.png` at 60 dpi; returns the PNG's path. */
export function savePagePicture(pdf: Buffer, name: string): string {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const source = join(SCREENS_DIR, `${name}.pdf`);
  writeFileSync(source, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', source, join(SCREENS_DIR, name)]);
  return join(SCREENS_DIR, `${name}.png`);
}
