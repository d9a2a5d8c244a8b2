/** A Unix time as the value of a date input (in UTC, as the server keeps dates); '' for none. */
export function dateInputValue(seconds: number): string {
  return seconds > 0 ? new Date(seconds * 1000).toISOString().slice(0, 10) : '';
}

/** A date input's value as the Unix time of the end of that day (UTC); 0 for an empty input. */
export function fromDateInput(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 0;
  return Math.floor(Date.parse(`${value}T23:59:59Z`) / 1000);
}
