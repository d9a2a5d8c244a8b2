import { sql, type Kysely } from 'kysely';
import { IDENTITY_FIELDS, type IdentityField } from '../../../api/identity';
import type { DB } from '../../db/schema';
import type { Access, ContextRef } from '../../platform/access/types';
import { getConfig } from '../../platform/config-store';

/** The config name of the site setting "Show user identity": identity fields, comma-separated. */
export const SHOWUSERIDENTITY = 'showuseridentity';
const DEFAULT_FIELDS: readonly IdentityField[] = ['email'];

export function isIdentityField(name: string): name is IdentityField {
  return (IDENTITY_FIELDS as readonly string[]).includes(name);
}

/** The identity fields the site shows staff, in list order; email alone until an admin chooses. */
export async function shownIdentityFields(db: Kysely<DB>): Promise<IdentityField[]> {
  const stored = await getConfig(db, SHOWUSERIDENTITY);
  if (stored === undefined) return [...DEFAULT_FIELDS];
  const chosen = new Set(stored.split(','));
  return IDENTITY_FIELDS.filter((field) => chosen.has(field));
}

/**
 * Which identity fields of other users this viewer may see in a list or picker in this context: the
 * site's "Show user identity" fields when they hold moodle/site:viewuseridentity there, else none.
 * Every user list and picker asks this one question, and answers, searches and sorts by these only.
 */
export async function visibleIdentityFields(db: Kysely<DB>, access: Access, context: ContextRef): Promise<IdentityField[]> {
  if (!(await access.hasCapability('moodle/site:viewuseridentity', context))) return [];
  return shownIdentityFields(db);
}

/** The user table's identity columns under a table alias, for selecting all and then showing some. */
export const identityColumns = <A extends string>(alias: A) => IDENTITY_FIELDS.map((field) => `${alias}.${field}` as const);

/** One user's values of exactly the given identity fields (a row has them all). */
export function identityValues(row: Record<IdentityField, string>, fields: readonly IdentityField[]): Partial<Record<IdentityField, string>> {
  return Object.fromEntries(fields.map((field) => [field, row[field]]));
}

/** References to the given identity columns (under a table alias when given), for search conditions. */
export function identityRefs(fields: readonly IdentityField[], alias?: string) {
  return fields.map((field) => sql.ref<string>(alias ? `${alias}.${field}` : field));
}
