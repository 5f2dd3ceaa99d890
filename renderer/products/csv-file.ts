/**
 * The text of a chosen CSV file. The server reads UTF-8 (docs/products.md), but Excel's plain "CSV" on
 * Windows is Windows-1252: read as UTF-8 it would turn every "Café" into "Caf�" without a word. A file that
 * is not valid UTF-8 is read as Windows-1252 instead, which is what it then almost always is.
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export async function readCsvFile(file: Blob): Promise<string> {
  return decodeCsv(await file.arrayBuffer());
}
