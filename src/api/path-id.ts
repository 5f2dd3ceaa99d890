/**
 * A row id taken from the URL path (`/cashiers/{id}`, `/shifts/{id}`, `/printers/{id}`). Anything that cannot
 * be one (letters, a leading zero, a sign, beyond 2^53) becomes 0, which no row has: the lookup then answers
 * its own 404, never a 422 for a URL.
 */
export function pathId(raw: string): number {
  return /^[1-9][0-9]{0,14}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : 0;
}
