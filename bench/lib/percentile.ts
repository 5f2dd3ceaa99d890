/** The p-th percentile (0–100) of values sorted ascending: the nearest rank, never past the last. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
