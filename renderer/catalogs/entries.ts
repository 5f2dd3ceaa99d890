/**
 * Every catalog's answers as Entries, the one shape the browser lists: what to show, and where choosing it
 * leads (deeper into the tree, or a code's detail). Pure functions: test/unit/renderer/catalogs-store.test.ts.
 */
import type { AddressHit, CabysBrowseItem, CabysCodeDetail, CabysHit, Activity, Crumb, Entry, Place, TariffCode } from './types.ts';

/**
 * CABYS: categories (levels 1-8) open beneath them; codes (level 9) open their detail. A category the
 * catalog does not name shows the server's summary of what is beneath it (marked as such), not its code.
 */
export function cabysBrowseEntry(item: CabysBrowseItem, path: Crumb[]): Entry {
  if (item.level === 9) return { code: item.code, label: item.description, rate: item.tax_rate, target: { detail: item.code } };
  const label = item.description ?? (item.label !== undefined && item.label !== item.code ? item.label : null);
  const summary = item.description === null && label !== null ? { summary: true } : {};
  return { code: item.code, label, ...summary, codes: item.codes, target: { browse: [...path, { code: item.code, label: label ?? item.code, ...summary }] } };
}

export function cabysHitEntry(hit: CabysHit): Entry {
  return { code: hit.code, label: hit.description_9, rate: hit.tax_rate, ...(hit.description_1 ? { context: hit.description_1 } : {}), target: { detail: hit.code } };
}

/** The tariff crumbs down to a chapter (2 digits) or heading (4): each level above by its code. */
function tariffCrumbs(code: TariffCode): Crumb[] {
  const crumbs: Crumb[] = [{ code: code.code.slice(0, 2), label: code.code.slice(0, 2) }];
  if (code.level >= 4) crumbs.push({ code: code.code.slice(0, 4), label: code.code.slice(0, 4) });
  crumbs[crumbs.length - 1] = { code: code.code, label: code.description };
  return crumbs;
}

/** Tariff: chapters and headings open beneath them; subheadings (6) and national codes (12) their detail. */
export function tariffEntry(code: TariffCode, path?: Crumb[]): Entry {
  const context = code.section ? `${code.section} ${code.section_name ?? ''}`.trim() : undefined;
  const target = code.level >= 6 ? { detail: code.code } : { browse: path ? [...path, { code: code.code, label: code.description }] : tariffCrumbs(code) };
  return { code: code.code, label: code.description, ...(context ? { context } : {}), target };
}

/** Locations: a province, canton or district opens its children; a neighbourhood is the last level. */
export function placeEntry(place: Place, path: Crumb[]): Entry {
  const target = path.length < 3 ? { browse: [...path, { code: place.code, label: place.name }] } : null;
  return { code: place.code, label: place.name, target };
}

/** A location found by name: opens the level it is in (a neighbourhood: its district's list). */
export function addressEntry(hit: AddressHit): Entry {
  const codes = [hit.province, hit.canton, hit.district].filter((c): c is string => c !== undefined);
  const names = hit.secondary_text ? hit.secondary_text.split(', ').reverse() : [];
  if (hit.type !== 'neighborhood') names.push(hit.primary_text);
  const crumbs = codes.map((code, i) => ({ code, label: names[i] ?? code }));
  return { code: codes.join(''), label: hit.primary_text, ...(hit.secondary_text ? { context: hit.secondary_text } : {}), target: { browse: crumbs } };
}

export function activityEntry(activity: Activity): Entry {
  return { code: activity.code, label: activity.name, target: null };
}

/** Levels 1-8 of a CABYS code as crumbs, named (or summed up) where the server says: choosing one browses that category. */
export function cabysCrumbs(detail: CabysCodeDetail): Crumb[] {
  const crumbs: Crumb[] = [];
  for (let level = 1; level <= 8; level++) {
    const code = detail[`category_${level}`];
    const name = detail[`description_${level}`];
    const label = detail[`label_${level}`];
    if (code) crumbs.push(name ? { code, label: name } : label && label !== code ? { code, label, summary: true } : { code, label: code });
  }
  return crumbs;
}
