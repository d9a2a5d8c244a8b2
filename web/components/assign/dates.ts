/** The `<input type="datetime-local">` value of Unix seconds (local time), '' for 0. */
export function secondsToLocalInput(seconds: number): string {
  if (!seconds) return '';
  const date = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Unix seconds from an `<input type="datetime-local">` value (local time), 0 when empty or unreadable. */
export function localInputToSeconds(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return 0;
  const [, y, mo, d, h, mi] = match.map(Number);
  const time = new Date(y ?? 1970, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0).getTime();
  return Number.isFinite(time) ? Math.floor(time / 1000) : 0;
}

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
