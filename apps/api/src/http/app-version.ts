/** Compares dotted versions numerically: -1, 0 or 1; null when either is not a version. */
export function compareVersions(a: string, b: string): number | null {
  const pattern = /^\d+(\.\d+){0,3}$/;
  if (!pattern.test(a) || !pattern.test(b)) return null;
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
