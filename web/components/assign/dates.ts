/** Whole-unit parts of a span of time: days and hours, hours and minutes, or minutes. */
export function durationParts(seconds: number): Array<{ unit: 'day' | 'hour' | 'min'; count: number }> {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const mins = Math.floor((total % 3_600) / 60);
  if (days > 0) return [{ unit: 'day' as const, count: days }, ...(hours > 0 ? [{ unit: 'hour' as const, count: hours }] : [])];
  if (hours > 0) return [{ unit: 'hour' as const, count: hours }, ...(mins > 0 ? [{ unit: 'min' as const, count: mins }] : [])];
  return [{ unit: 'min', count: Math.max(mins, total > 0 ? 1 : 0) }];
}
