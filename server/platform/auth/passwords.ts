import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** false for a wrong password and for an empty or unreadable stored hash; never throws. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored || !password) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
