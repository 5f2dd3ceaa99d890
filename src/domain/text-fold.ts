/** Lower case without diacritics: "Café" and "CAFE" both become "cafe" (searches of catalogs and products). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}
