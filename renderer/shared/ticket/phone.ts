/**
 * The shop's phone on its tickets (so the receipt prints it): the organization's profile phone as the
 * document's Telefono, a Costa Rican number of 8 digits (country code 506 implied, the annex's NumTelefono
 * rule). A profile phone that is no such number ("ext. 5", a foreign one) is left off rather than let it
 * stop a sale with a refusal.
 */
export function issuerPhone(phone: string | null | undefined): string | undefined {
  const digits = (phone ?? '').replace(/[\s()+.-]/g, '');
  const local = /^506\d{8}$/.test(digits) ? digits.slice(3) : digits;
  return /^[1-9]\d{7}$/.test(local) ? local : undefined;
}
