import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { getConfigs } from '../../platform/config-store';
import { AppError } from '../../platform/errors';
import type { StringManager } from '../../platform/strings';
import { isCountry, isTimezone } from './choices';

const COMPONENT = 'core_user';
const USERNAME = /^[a-z0-9_.@-]+$/;
// The shape Moodle's validate_email accepts in practice: one @, a dotted domain, no spaces.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** The password rules, from the site settings of Moodle's names, defaulting to a strong policy. */
const POLICY = [
  { setting: 'minpasswordlength', fallback: 8, rule: 'passwordlength', count: (p: string) => [...p].length },
  { setting: 'minpassworddigits', fallback: 1, rule: 'passworddigits', count: (p: string) => (p.match(/\d/g) ?? []).length },
  { setting: 'minpasswordlower', fallback: 1, rule: 'passwordlower', count: (p: string) => (p.match(/\p{Ll}/gu) ?? []).length },
  { setting: 'minpasswordupper', fallback: 1, rule: 'passwordupper', count: (p: string) => (p.match(/\p{Lu}/gu) ?? []).length },
  { setting: 'minpasswordnonalphanum', fallback: 1, rule: 'passwordnonalphanum', count: (p: string) => (p.match(/[^\p{L}\p{N}]/gu) ?? []).length },
] as const;

/**
 * The checks of a user's field values that depend on the site: its password policy and its installed
 * languages (the timezone and country lists need no site settings, but are checked beside them).
 */
export interface UserFieldRules {
  /** Throws errorpasswordpolicy naming every rule of the policy the password does not meet. */
  checkPassword(password: string): void;
  /** Throws invalidlang, invalidtimezone or invalidcountry for a value the forms do not offer. */
  checkChoices(fields: { lang?: string; timezone?: string; country?: string }): void;
}

/** Reads the site's settings once per call and answers the field checks that follow them. */
export async function userFieldRules(db: Kysely<DB>, strings: StringManager, lang: string): Promise<UserFieldRules> {
  const languages = new Set(strings.languages().map((l) => l.code));
  const values = await getConfigs(db, POLICY.map((p) => p.setting));
  const rules = POLICY.map((p) => {
    const stored = Number(values.get(p.setting));
    return { ...p, min: Number.isInteger(stored) && stored >= 0 ? stored : p.fallback };
  });
  return {
    checkPassword(password) {
      const missing = rules.filter((r) => r.count(password) < r.min).map((r) => strings.get(r.rule, COMPONENT, r.min, lang));
      if (missing.length > 0) throw new AppError('errorpasswordpolicy', { component: COMPONENT, a: missing.join(', '), debuginfo: 'password' });
    },
    checkChoices({ lang: language, timezone, country }) {
      // An empty language means the site's default, as an empty country means none given.
      if (language !== undefined && language !== '' && !languages.has(language)) throw new AppError('invalidlang', { component: COMPONENT, a: language, debuginfo: 'lang' });
      if (timezone !== undefined && !isTimezone(timezone)) throw new AppError('invalidtimezone', { component: COMPONENT, a: timezone, debuginfo: 'timezone' });
      if (country !== undefined && country !== '' && !isCountry(country)) throw new AppError('invalidcountry', { component: COMPONENT, a: country, debuginfo: 'country' });
    },
  };
}

export function checkUsername(username: string): void {
  if (username === '' || username !== username.toLowerCase() || !USERNAME.test(username)) {
    throw new AppError('invalidusername', { component: COMPONENT, a: username, debuginfo: 'username' });
  }
}

export function checkEmail(email: string): void {
  if (!EMAIL.test(email)) throw new AppError('invalidemail', { component: COMPONENT, a: email, debuginfo: 'email' });
}

export function checkNames(fields: { firstname?: string; lastname?: string }): void {
  if (fields.firstname !== undefined && fields.firstname.trim() === '') throw new AppError('missingfirstname', { component: COMPONENT, debuginfo: 'firstname' });
  if (fields.lastname !== undefined && fields.lastname.trim() === '') throw new AppError('missinglastname', { component: COMPONENT, debuginfo: 'lastname' });
}

/** Runs each check and keeps every refusal, so a caller can report them all at once. */
function collect(checks: ReadonlyArray<() => void>): AppError[] {
  const problems: AppError[] = [];
  for (const check of checks) {
    try {
      check();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problems.push(error);
    }
  }
  return problems;
}

/**
 * Every rule a new user breaks, in the order the create method reports them (it refuses with the
 * first; the CSV upload shows them all). Whether the username is free is checked apart.
 */
export function newUserProblems(
  user: { username: string; firstname: string; lastname: string; email: string; password?: string; createpassword?: boolean; lang?: string; timezone?: string; country?: string },
  fieldRules: UserFieldRules,
): AppError[] {
  return collect([
    () => checkUsername(user.username),
    () => checkNames({ firstname: user.firstname }),
    () => checkNames({ lastname: user.lastname }),
    () => checkEmail(user.email),
    () => fieldRules.checkChoices({ lang: user.lang }),
    () => fieldRules.checkChoices({ timezone: user.timezone }),
    () => fieldRules.checkChoices({ country: user.country }),
    () => {
      if (!user.createpassword) fieldRules.checkPassword(user.password ?? '');
    },
  ]);
}

/** Every rule a change to a user breaks (only the fields it sets are checked; an empty password keeps the old one). */
export function userChangeProblems(
  change: { username?: string; firstname?: string; lastname?: string; email?: string; password?: string; lang?: string; timezone?: string; country?: string },
  fieldRules: UserFieldRules,
): AppError[] {
  return collect([
    () => {
      if (change.username !== undefined) checkUsername(change.username);
    },
    () => checkNames({ firstname: change.firstname }),
    () => checkNames({ lastname: change.lastname }),
    () => {
      if (change.email !== undefined) checkEmail(change.email);
    },
    () => fieldRules.checkChoices({ lang: change.lang }),
    () => fieldRules.checkChoices({ timezone: change.timezone }),
    () => fieldRules.checkChoices({ country: change.country }),
    () => {
      if (change.password !== undefined && change.password !== '') fieldRules.checkPassword(change.password);
    },
  ]);
}

/** Refuses usernames already taken, by another user or twice in the same call. */
export async function checkUsernamesFree(db: Kysely<DB>, wanted: ReadonlyArray<{ username: string; id?: number }>): Promise<void> {
  const seen = new Set<string>();
  for (const { username } of wanted) {
    if (seen.has(username)) throw new AppError('usernameexists', { component: COMPONENT, a: username, debuginfo: 'username' });
    seen.add(username);
  }
  if (wanted.length === 0) return;
  const taken = await db.selectFrom('user').select(['id', 'username']).where('username', 'in', [...seen]).execute();
  for (const row of taken) {
    const owner = wanted.find((w) => w.username === row.username);
    if (owner && owner.id !== row.id) throw new AppError('usernameexists', { component: COMPONENT, a: row.username, debuginfo: 'username' });
  }
}
