/**
 * Names in the tax authority's register, which gives a person's name as one string with the surnames
 * first ("PEREZ MORA JUAN CARLOS"). Splitting it into surnames and given names is best-effort: the
 * register does not mark where one part ends, so compound surnames are recognised only by their particles
 * ("DE LA O", "DEL VALLE"), and anything else is read as first surname, second surname, first name, the
 * rest. docs/taxpayers.md says so to API clients.
 */

export interface PersonName {
  firstSurname: string | null; // primer apellido
  secondSurname: string | null; // segundo apellido
  firstName: string | null; // primer nombre
  /** Every given name after the first ("CARLOS ANDRES", "DE LOS ANGELES"). */
  otherNames: string | null; // segundo nombre
}

/** Words that begin a compound surname or given name and belong to the word after them. */
const PARTICLES = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'SAN', 'SANTA', 'VAN', 'VON', 'DA', 'DI', 'DOS', 'Y']);

/** The name's words, each particle joined to the word it introduces: "DE LA O RUIZ ANA" -> ["DE LA O", "RUIZ", "ANA"]. */
function nameUnits(name: string): string[] {
  const units: string[] = [];
  let pending: string[] = [];
  for (const word of name.trim().split(/\s+/).filter(Boolean)) {
    pending.push(word);
    if (!PARTICLES.has(word.toUpperCase())) {
      units.push(pending.join(' '));
      pending = [];
    }
  }
  // Trailing particles ("... PEREZ DE") stay with the last unit.
  if (pending.length > 0) {
    if (units.length > 0) units[units.length - 1] += ` ${pending.join(' ')}`;
    else units.push(pending.join(' '));
  }
  return units;
}

/**
 * Surnames first, as the register writes them. One unit is taken as a given name; two as a surname and a
 * given name (foreigners often have one surname); three or more as two surnames and the given names.
 */
export function splitPersonName(name: string): PersonName {
  const units = nameUnits(name);
  if (units.length <= 1) return { firstSurname: null, secondSurname: null, firstName: units[0] ?? null, otherNames: null };
  if (units.length === 2) return { firstSurname: units[0]!, secondSurname: null, firstName: units[1]!, otherNames: null };
  const [firstSurname, secondSurname, firstName, ...rest] = units;
  return { firstSurname: firstSurname!, secondSurname: secondSurname!, firstName: firstName!, otherNames: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * A name folded for searching: capitals, single spaces, accents dropped but Ñ kept (the register writes
 * PEÑA, and a search for "peña" should find it while "jimenez" finds JIMÉNEZ).
 */
export function searchableName(text: string): string {
  return text
    .toUpperCase()
    .normalize('NFD')
    .replace(/N\u0303/g, 'Ñ')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Legal forms and kinds of body that mark a name as an entity's, not a person's. */
const LEGAL_MARKERS = /(^|[\s.,])(S\.?\s?A|S\.?\s?R\.?\s?L|LTDA|LIMITADA|SOCIEDAD|ASOCIACION|FUNDACION|COOPERATIVA|CORPORACION|COMPAÑIA|CIA|EMBAJADA|CONSULADO|ORGANIZACION|ORGANISMO|INSTITUTO|UNIVERSIDAD|BANCO|FIDEICOMISO|CONDOMINIO|MINISTERIO|MUNICIPALIDAD)($|[\s.,])/;

/** Whether a name reads as a legal entity's; used only where the identification type does not say (NITE). */
export function looksLikeLegalEntity(name: string): boolean {
  return LEGAL_MARKERS.test(searchableName(name));
}
