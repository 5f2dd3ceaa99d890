/** The addresses a document is e-mailed to, as typed in shared/EmailForm.tsx (Documents, the invoice just issued). */

/** "a@b.cr, c@d.cr; e@f.cr" -> the addresses, or null unless 1 to 5 that look like e-mail addresses. */
export function parseRecipients(text: string): string[] | null {
  const list = [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
  return list.length >= 1 && list.length <= 5 && list.every((a) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(a)) ? list : null;
}
