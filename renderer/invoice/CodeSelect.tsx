/** A code table as a select ("01 · Contado"): the header's commercial terms and the reference panel share it. */
import type { CodeEntry } from './types.ts';

export function CodeSelect({ value, entries, onChange, testId }: { value: string; entries: CodeEntry[]; onChange(code: string): void; testId: string }) {
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
      {entries.map((c) => <option key={c.code} value={c.code}>{c.code} · {c.description}</option>)}
    </select>
  );
}
