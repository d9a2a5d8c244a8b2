/** The gradebook's grade types (grade_items.gradetype), as the server answers them. */
export const GRADE_TYPE_NONE = 0;
export const GRADE_TYPE_VALUE = 1;
export const GRADE_TYPE_SCALE = 2;
