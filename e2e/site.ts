/**
 * The site the browser tests run against: a server started by playwright.config.ts on a fresh
 * SQLite file with demo data and these fixed passwords.
 */
import { demoStaff, demoStudents } from '../server/demo/people';

export const E2E_ADMIN_PASSWORD = 'E2e-admin-pass-1';
export const E2E_DEMO_PASSWORD = 'E2e-demo-pass-1';

export interface SiteUser {
  username: string;
  password: string;
  fullname: string;
}

function demoUser(username: string): SiteUser {
  const person = demoStaff.find((p) => p.username === username);
  if (!person) throw new Error(`${username} is not in the demo data`);
  return { username, password: E2E_DEMO_PASSWORD, fullname: `${person.firstname} ${person.lastname}` };
}

/** Made by the installer (server/platform/install.ts). */
export const ADMIN: SiteUser = { username: 'admin', password: E2E_ADMIN_PASSWORD, fullname: 'Admin User' };
/** Editing teacher in some demo courses and non-editing teacher in the others. */
export const TEACHER = demoUser('teacher1');

/** Demo students; each test that changes a user's state takes its own. */
export function student(n: number): SiteUser {
  const person = demoStudents[n - 1];
  if (!person) throw new Error(`student${n} is not in the demo data`);
  return { username: person.username, password: E2E_DEMO_PASSWORD, fullname: `${person.firstname} ${person.lastname}` };
}
