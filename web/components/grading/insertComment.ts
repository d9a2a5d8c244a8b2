/** Appends a frequently used comment to a remark, after a line break when the remark already has text. */
export function insertComment(remark: string, comment: string): string {
  return remark.trim() === '' ? comment : `${remark}\n${comment}`;
}
