/** What the benchmark scripts print beside their figures: percentiles of sorted samples, and the machine's load. */
import { cpus, loadavg } from 'node:os';

/** The p-th percentile (0–100) of samples sorted in ascending order; 0 without samples. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The load average (1, 5, 15 minutes) and the number of cores, as one phrase. */
export const machineLoad = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;
