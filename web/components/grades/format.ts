/** The gradebook's grade types (grade_items.gradetype), as the server answers them. */
export const GRADE_TYPE_NONE = 0;
export const GRADE_TYPE_VALUE = 1;
export const GRADE_TYPE_SCALE = 2;

/** A number in the page language with a fixed number of decimals. */
export function formatNumber(value: number, decimals: number): string {
  return new Intl.NumberFormat(document.documentElement.lang || undefined, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}
