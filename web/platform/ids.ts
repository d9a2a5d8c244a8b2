const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const ID_SUFFIX_LENGTH = 20;

/** A unique element id: the prefix and a random 20-character suffix. */
export function uniqueId(prefix = 'id'): string {
  const bytes = new Uint8Array(ID_SUFFIX_LENGTH);
  crypto.getRandomValues(bytes);
  let suffix = '';
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${suffix}`;
}
