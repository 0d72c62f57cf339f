/** The `p`th percentile of `values` (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One line: count, p50, p95 and max in milliseconds. */
export function summary(label: string, ms: number[], width = 36, digits = 0): string {
  const f = (v: number) => v.toFixed(digits).padStart(digits ? 7 : 5);
  return `${label.padEnd(width)} n=${String(ms.length).padEnd(4)} p50 ${f(percentile(ms, 50))} ms   p95 ${f(percentile(ms, 95))} ms   max ${f(Math.max(...ms))} ms`;
}
