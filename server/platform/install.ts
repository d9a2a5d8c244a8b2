import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { migrationsOf } from '../db/migrations';
import { migrateToLatest } from '../db/migrator';
import { generateDemoData } from '../demo/generate';
import { createContext, ensureCourseContext, ensureUserContext } from './access/contexts';
import { addCapabilityDefaults, assignRole, getRoleByShortname, installDefaultRoles, syncCapabilities } from './access/install';
import type { CapabilityDefinition } from './access/types';
import { hashPassword } from './auth/passwords';
import type { ComponentDefinition } from './component';
import { getConfig, setConfig } from './config-store';
import { now, type Platform } from './platform';

export interface InstallResult {
  /** true when this start created the site. */
  installed: boolean;
  /** Set only when the site was created without ADMIN_PASSWORD / DEMO_PASSWORD: to print once. */
  generatedAdminPassword?: string;
  generatedDemoPassword?: string;
}

function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}

async function createUser(db: Kysely<DB>, fields: { username: string; password: string; firstname: string; lastname: string; email: string }) {
  const t = now();
  const row = await db
    .insertInto('user')
    .values({ ...fields, auth: 'manual', timecreated: t, timemodified: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ensureUserContext(db, row.id);
  return row.id;
}

/** Creates the site itself: system context, front page, roles, the guest and admin users. */
async function createSite(platform: Platform, trx: Kysely<DB>, capabilities: CapabilityDefinition[], adminPassword: string) {
  const t = now();
  await createContext(trx, 10, 0, null);
  const frontpage = await trx
    .insertInto('course')
    .values({
      category: 0,
      fullname: platform.strings.get('sitename'),
      shortname: 'tessera',
      format: 'site',
      summary: '',
      timecreated: t,
      timemodified: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ensureCourseContext(trx, frontpage.id, 0);
  await trx.insertInto('course_sections').values({ course: frontpage.id, section: 0, timemodified: t }).execute();

  await installDefaultRoles(trx, capabilities);
  const guestId = await createUser(trx, { username: 'guest', password: '', firstname: 'Guest user', lastname: ' ', email: 'root@localhost' });
  const adminId = await createUser(trx, {
    username: 'admin',
    password: await hashPassword(adminPassword),
    firstname: 'Admin',
    lastname: 'User',
    email: 'admin@example.org',
  });
  await setConfig(trx, 'siteguest', String(guestId));
  await setConfig(trx, 'siteadmins', String(adminId));
  const manager = await getRoleByShortname(trx, 'manager');
  if (manager) {
    const system = await trx.selectFrom('context').select('id').where('contextlevel', '=', 10).executeTakeFirstOrThrow();
    await assignRole(trx, manager.id, adminId, system.id);
  }
}

/**
 * Brings the database to the current version on every start: migrations, capability declarations,
 * and on an empty database the site itself (and demo data when DEMO_DATA is on).
 */
export async function installOrUpgrade(platform: Platform, components: readonly ComponentDefinition[]): Promise<InstallResult> {
  await migrateToLatest(platform.db as Kysely<unknown>, platform.dialect, migrationsOf(components));
  const capabilities = components.flatMap((c) => [...(c.capabilities ?? [])]);
  await syncCapabilities(platform.db, capabilities);

  if ((await getConfig(platform.db, 'installed')) !== undefined) {
    await addCapabilityDefaults(platform.db, capabilities);
    return { installed: false };
  }
  const result: InstallResult = { installed: true };
  const adminPassword = platform.config.adminPassword ?? randomPassword();
  if (!platform.config.adminPassword) result.generatedAdminPassword = adminPassword;
  try {
    await platform.db.transaction().execute(async (trx) => {
      // The config row doubles as the install lock: a second process starting at the same time fails here.
      await trx.insertInto('config').values({ name: 'installed', value: String(now()) }).execute();
      await createSite(platform, trx, capabilities, adminPassword);
    });
  } catch (error) {
    if ((await getConfig(platform.db, 'installed')) !== undefined) return { installed: false };
    throw error;
  }
  if (platform.config.demoData) {
    const demoPassword = platform.config.demoPassword ?? randomPassword();
    if (!platform.config.demoPassword) result.generatedDemoPassword = demoPassword;
    await generateDemoData(platform, { password: demoPassword });
  }
  return result;
}
