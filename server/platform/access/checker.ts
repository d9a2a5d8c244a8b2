import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { getConfigs } from '../config-store';
import { invalidRecord, noPermissions } from '../errors';
import { getContext, getContextById, parentContextIds } from './contexts';
import { CAP_ALLOW, CAP_INHERIT, CAP_PROHIBIT, CONTEXT_COURSE, RISK_CONFIG, RISK_DATALOSS, RISK_XSS, type Access, type Context, type ContextRef } from './types';

/** One role_capabilities row as the resolver needs it. */
export interface PermissionRow {
  roleid: number;
  contextid: number;
  permission: number;
}

/** A role held in a context (assigned, or given implicitly). */
export interface RoleHolding {
  roleid: number;
  contextid: number;
}

/** The site settings that decide admins, the guest account and the implicit roles. */
export interface AccessSettings {
  siteadmins: number[];
  siteguest: number;
  defaultuserroleid: number;
  defaultfrontpageroleid: number;
  guestroleid: number;
  notloggedinroleid: number;
}

/** Who asks: userid 0 is a visitor who has not logged in. */
export interface Subject {
  userid: number;
  /** false when the account is deleted or missing (never for visitors). */
  exists: boolean;
  isGuest: boolean;
  isAdmin: boolean;
}

export interface CapabilityInfo {
  captype: string;
  riskbitmask: number;
}

const FRONTPAGE_COURSE = 1;
const RISKY_FOR_GUESTS = RISK_XSS | RISK_CONFIG | RISK_DATALOSS;

/**
 * Moodle's role resolution. `path` holds context ids from the checked context up to the system context.
 * Per role the nearest non-zero value on the path counts; a PROHIBIT anywhere on the path for any role
 * refuses; otherwise one role ending at ALLOW grants.
 */
export function resolvePermission(path: readonly number[], roles: Iterable<number>, rows: readonly PermissionRow[]): boolean {
  const byRoleContext = new Map<string, number>();
  for (const row of rows) {
    if (row.permission !== CAP_INHERIT) byRoleContext.set(`${row.roleid}:${row.contextid}`, row.permission);
  }
  let allowed = false;
  for (const roleid of new Set(roles)) {
    let value: number | undefined;
    for (const contextid of path) {
      const permission = byRoleContext.get(`${roleid}:${contextid}`);
      if (permission === undefined) continue;
      if (permission === CAP_PROHIBIT) return false;
      value ??= permission;
    }
    if (value === CAP_ALLOW) allowed = true;
  }
  return allowed;
}

/**
 * The roles that count in a context: those assigned on its path, plus the implicit ones — the
 * not-logged-in role for visitors, the guest role for the guest account, and for everyone else the
 * authenticated-user role everywhere and the front-page role inside the front page course.
 */
export function rolesOnPath(
  subject: Pick<Subject, 'userid' | 'isGuest'>,
  path: readonly number[],
  assignments: readonly RoleHolding[],
  settings: AccessSettings,
  frontpageContextId: number | undefined,
): Set<number> {
  const onPath = new Set(path);
  const roles = new Set(assignments.filter((a) => onPath.has(a.contextid)).map((a) => a.roleid));
  if (subject.userid === 0) roles.add(settings.notloggedinroleid);
  else if (subject.isGuest) roles.add(settings.guestroleid);
  else {
    roles.add(settings.defaultuserroleid);
    if (frontpageContextId !== undefined && onPath.has(frontpageContextId)) roles.add(settings.defaultfrontpageroleid);
  }
  roles.delete(0);
  return roles;
}

/**
 * The checks Moodle's has_capability makes before the roles, in its order: unknown capability, visitors
 * and the guest account asking for a write or risky capability, deleted users, then site admins.
 * Returns the verdict when one of them decides, undefined when the roles must.
 */
export function precheck(capability: CapabilityInfo | undefined, subject: Subject): boolean | undefined {
  if (!capability) return false;
  const risky = capability.captype === 'write' || (capability.riskbitmask & RISKY_FOR_GUESTS) !== 0;
  if (risky && (subject.userid === 0 || subject.isGuest)) return false;
  if (subject.userid !== 0 && !subject.exists) return false;
  if (subject.isAdmin) return true;
  return undefined;
}

function parseSettings(values: Map<string, string>): AccessSettings {
  const id = (name: string) => Number(values.get(name) ?? '0') || 0;
  return {
    siteadmins: (values.get('siteadmins') ?? '')
      .split(',')
      .map((v) => Number(v.trim()))
      .filter((v) => Number.isInteger(v) && v > 0),
    siteguest: id('siteguest'),
    defaultuserroleid: id('defaultuserroleid'),
    defaultfrontpageroleid: id('defaultfrontpageroleid'),
    guestroleid: id('guestroleid'),
    notloggedinroleid: id('notloggedinroleid'),
  };
}

/** The site settings the resolver needs (admins, guest account, implicit roles), in one query. */
export async function loadAccessSettings(db: Kysely<DB>): Promise<AccessSettings> {
  return parseSettings(await getConfigs(db, ['siteadmins', 'siteguest', 'defaultuserroleid', 'defaultfrontpageroleid', 'guestroleid', 'notloggedinroleid']));
}

/** Memoises one promise per key so that parallel checks share a query. */
function memo<K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  let value = cache.get(key);
  if (!value) {
    value = load();
    cache.set(key, value);
  }
  return value;
}

class RequestAccess implements Access {
  private settingsPromise: Promise<AccessSettings> | undefined;
  private subjectPromise: Promise<Subject> | undefined;
  private assignmentsPromise: Promise<RoleHolding[]> | undefined;
  private frontpagePromise: Promise<number | undefined> | undefined;
  private readonly capabilities = new Map<string, Promise<CapabilityInfo | undefined>>();
  private readonly permissions = new Map<string, Promise<PermissionRow[]>>();
  private readonly contexts = new Map<number, Promise<Context | undefined>>();

  constructor(
    private readonly db: Kysely<DB>,
    readonly userid: number,
  ) {}

  async isSiteAdmin(): Promise<boolean> {
    return this.userid > 0 && (await this.settings()).siteadmins.includes(this.userid);
  }

  async hasCapability(capability: string, context: ContextRef): Promise<boolean> {
    const [info, subject, resolved] = await Promise.all([this.capability(capability), this.subject(), this.context(context)]);
    const early = precheck(info, subject);
    if (early !== undefined) return early;
    const path = parentContextIds(resolved, true);
    const [assignments, settings, frontpage] = await Promise.all([this.assignments(), this.settings(), this.frontpageContextId()]);
    const roles = rolesOnPath(subject, path, assignments, settings, frontpage);
    if (roles.size === 0) return false;
    return resolvePermission(path, roles, await this.permissionRows(capability, assignments, settings));
  }

  async hasCapabilities(capabilities: readonly string[], context: ContextRef): Promise<Set<string>> {
    await this.preload(capabilities);
    const verdicts = await Promise.all(capabilities.map((name) => this.hasCapability(name, context)));
    return new Set(capabilities.filter((_, i) => verdicts[i]));
  }

  async requireCapability(capability: string, context: ContextRef): Promise<void> {
    if (!(await this.hasCapability(capability, context))) throw noPermissions(capability);
  }

  private settings(): Promise<AccessSettings> {
    this.settingsPromise ??= loadAccessSettings(this.db);
    return this.settingsPromise;
  }

  private subject(): Promise<Subject> {
    this.subjectPromise ??= (async () => {
      const settings = await this.settings();
      const isGuest = this.userid !== 0 && this.userid === settings.siteguest;
      if (this.userid === 0) return { userid: 0, exists: true, isGuest: false, isAdmin: false };
      const user = await this.db.selectFrom('user').select('deleted').where('id', '=', this.userid).executeTakeFirst();
      return {
        userid: this.userid,
        exists: user !== undefined && user.deleted === 0,
        isGuest,
        isAdmin: settings.siteadmins.includes(this.userid),
      };
    })();
    return this.subjectPromise;
  }

  /** Every role assignment of the user, in one query for the life of this object. */
  private assignments(): Promise<RoleHolding[]> {
    this.assignmentsPromise ??=
      this.userid === 0
        ? Promise.resolve([])
        : this.db.selectFrom('role_assignments').select(['roleid', 'contextid']).where('userid', '=', this.userid).execute();
    return this.assignmentsPromise;
  }

  private frontpageContextId(): Promise<number | undefined> {
    this.frontpagePromise ??= getContext(this.db, CONTEXT_COURSE, FRONTPAGE_COURSE).then((c) => c?.id);
    return this.frontpagePromise;
  }

  private capability(name: string): Promise<CapabilityInfo | undefined> {
    return memo(this.capabilities, name, () =>
      this.db.selectFrom('capabilities').select(['captype', 'riskbitmask']).where('name', '=', name).executeTakeFirst(),
    );
  }

  private async context(ref: ContextRef): Promise<Context> {
    if (typeof ref !== 'number') return ref;
    const context = await memo(this.contexts, ref, () => getContextById(this.db, ref));
    if (!context) throw invalidRecord('context', `context ${ref}`);
    return context;
  }

  /**
   * Loads the declarations and role values of many capabilities in two queries (per 500 names), so
   * checking each of them afterwards costs no query.
   */
  private async preload(names: readonly string[]): Promise<void> {
    const fresh = [...new Set(names)].filter((n) => !this.capabilities.has(n) || !this.permissions.has(n));
    if (fresh.length === 0) return;
    const [assignments, settings] = await Promise.all([this.assignments(), this.settings()]);
    const candidates = [...this.candidateRoles(assignments, settings)];
    for (let i = 0; i < fresh.length; i += 500) {
      const chunk = fresh.slice(i, i + 500);
      const [infos, rows] = await Promise.all([
        this.db.selectFrom('capabilities').select(['name', 'captype', 'riskbitmask']).where('name', 'in', chunk).execute(),
        candidates.length
          ? this.db
              .selectFrom('role_capabilities')
              .select(['capability', 'roleid', 'contextid', 'permission'])
              .where('capability', 'in', chunk)
              .where('roleid', 'in', candidates)
              .execute()
          : Promise.resolve([]),
      ]);
      const infoByName = new Map(infos.map((r) => [r.name, { captype: r.captype, riskbitmask: r.riskbitmask }]));
      const rowsByName = new Map<string, PermissionRow[]>();
      for (const row of rows) rowsByName.set(row.capability, [...(rowsByName.get(row.capability) ?? []), row]);
      for (const name of chunk) {
        if (!this.capabilities.has(name)) this.capabilities.set(name, Promise.resolve(infoByName.get(name)));
        if (!this.permissions.has(name)) this.permissions.set(name, Promise.resolve(rowsByName.get(name) ?? []));
      }
    }
  }

  /** Every role the user can hold anywhere: assigned ones and the implicit ones. */
  private candidateRoles(assignments: readonly RoleHolding[], settings: AccessSettings): Set<number> {
    const candidates = new Set(assignments.map((a) => a.roleid));
    for (const implicit of [settings.defaultuserroleid, settings.defaultfrontpageroleid, settings.guestroleid, settings.notloggedinroleid]) {
      candidates.add(implicit);
    }
    candidates.delete(0);
    return candidates;
  }

  /**
   * Overrides and defaults of the capability for every role the user can hold anywhere, in all contexts:
   * one query per capability however many contexts are checked.
   */
  private permissionRows(capability: string, assignments: readonly RoleHolding[], settings: AccessSettings): Promise<PermissionRow[]> {
    return memo(this.permissions, capability, async () => {
      const candidates = this.candidateRoles(assignments, settings);
      if (candidates.size === 0) return [];
      return this.db
        .selectFrom('role_capabilities')
        .select(['roleid', 'contextid', 'permission'])
        .where('capability', '=', capability)
        .where('roleid', 'in', [...candidates])
        .execute();
    });
  }
}

/** Permission checks for one user, cached for the life of the returned object (one request). */
export function createAccess(db: Kysely<DB>, userid: number): Access {
  return new RequestAccess(db, userid);
}
