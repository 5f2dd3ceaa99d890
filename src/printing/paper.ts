/**
 * The two thermal paper widths shops use. Font A is 12 dots wide: 576 printable dots make 48 columns on
 * 80 mm paper, 384 make 32 on 58 mm. Images are at most the printable width.
 */
export type Paper = '80mm' | '58mm';

export const PAPERS: Readonly<Record<Paper, { columns: number; dots: number }>> = {
  '80mm': { columns: 48, dots: 576 },
  '58mm': { columns: 32, dots: 384 },
};
