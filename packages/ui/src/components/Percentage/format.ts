/** A share as a percentage number (12.5 for 1/8); 0 when the whole is 0 or either value is not a finite number. */
export function percentageOf(
  part: number | null | undefined,
  whole: number | null | undefined,
): number {
  if (
    typeof part !== 'number' ||
    typeof whole !== 'number' ||
    !Number.isFinite(part) ||
    !Number.isFinite(whole) ||
    whole === 0
  )
    return 0;
  return (part / whole) * 100;
}

/** Two decimals, in the locale's style: "12.50%" (en), "12,50 %" (fr). Non-finite values show as 0. */
export function formatPercentage(value: number, locale: string): string {
  const safe = Number.isFinite(value) ? value : 0;
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(safe / 100);
}

export const percentageTones = ['positive', 'negative'] as const;
export type PercentageTone = (typeof percentageTones)[number];

/** Green above 0, red otherwise (§9). */
export function percentageTone(value: number): PercentageTone {
  return Number.isFinite(value) && value > 0 ? 'positive' : 'negative';
}
