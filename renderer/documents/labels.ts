/** Short names of document types as Costa Rican bookkeeping writes them (FE, NC…), for the list's narrow column. */
export const TYPE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  '01': 'FE', '02': 'ND', '03': 'NC', '04': 'TE', '08': 'FEC', '09': 'FEE', '10': 'REP', RC: 'MR',
};
