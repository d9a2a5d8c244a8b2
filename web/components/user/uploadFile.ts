/** Encodings a users CSV may be saved in; the page decodes the file and sends its text. */
export const UPLOAD_ENCODINGS = ['utf-8', 'windows-1252'] as const;
export type UploadEncoding = (typeof UPLOAD_ENCODINGS)[number];

/** The file's text in the chosen encoding (a byte-order mark dropped), or null when it is not valid in it. */
export function decodeUpload(bytes: ArrayBuffer, encoding: UploadEncoding): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
