/**
 * Names of the referenced documents' types (Nota 10: "01 Factura electrónica", "04 Tiquete electrónico",
 * "08 Comprobante emitido en contingencia"…) for the detail panel, so it never shows a bare code. Read once
 * from /reference/reference-doc-types (the annex's table); a failed read leaves the codes and is asked again.
 */
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import type { CodeEntry } from '../api/types.ts';

type Names = Readonly<Record<string, string>>;
let names: Promise<Names> | null = null;

function load(): Promise<Names> {
  names ??= api.data<CodeEntry[]>('GET', '/reference/reference-doc-types')
    .then((entries) => Object.fromEntries(entries.map((e) => [e.code, e.name])))
    .catch(() => {
      names = null;
      return {};
    });
  return names;
}

/** `code name` of a reference type once the table is read; the code alone until then. */
export function useReferenceTypeName(): (code: string) => string {
  const [table, setTable] = useState<Names>({});
  useEffect(() => {
    let live = true;
    void load().then((loaded) => live && setTable(loaded));
    return () => {
      live = false;
    };
  }, []);
  return (code) => (table[code] ? `${code} ${table[code]}` : code);
}
