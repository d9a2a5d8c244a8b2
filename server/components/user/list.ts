import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { IdentityField } from '../../../api/identity';
import type { coreUserListUsers } from '../../../api/user';
import type { DialectName } from '../../db/database';
import type { DB } from '../../db/schema';
import { getConfig } from '../../platform/config-store';
import { identityRefs, identityValues, isIdentityField } from './identity';

export type ListArgs = z.output<(typeof coreUserListUsers)['args']>;
type Column = 'lastname' | 'firstname' | 'username' | 'lastaccess' | 'id' | IdentityField;

/**
 * Tie-breakers after the chosen column, so paging is stable. Names, username, email and last access
 * have an index each (migrations.ts); the other identity columns sort the filtered rows in memory.
 */
const ORDER: Record<ListArgs['sort'], readonly Column[]> = {
  lastname: ['lastname', 'firstname', 'id'],
  firstname: ['firstname', 'lastname', 'id'],
  username: ['username', 'id'],
  lastaccess: ['lastaccess', 'id'],
  idnumber: ['idnumber', 'id'],
  email: ['email', 'id'],
  phone1: ['phone1', 'id'],
  phone2: ['phone2', 'id'],
  department: ['department', 'id'],
  institution: ['institution', 'id'],
};

/**
 * Each word of the search must appear in the first name, last name, username or one of the identity
 * fields the caller sees (so "ann lee" finds Ann Lee by full name). Each field is compared on its own
 * (cheaper than one comparison against the fields joined into a string, which is built for every row):
 * case-insensitive by ILIKE on PostgreSQL and by LIKE (ASCII, as SQLite's lower() is too) on SQLite.
 */
function matches(search: string, dialect: DialectName, identity: readonly IdentityField[]) {
  const words = search.trim().split(/\s+/).filter(Boolean);
  const columns = [sql.ref('firstname'), sql.ref('lastname'), sql.ref('username'), ...identityRefs(identity)];
  const operator = dialect === 'postgres' ? sql`ilike` : sql`like`;
  return (eb: ExpressionBuilder<DB, 'user'>) =>
    eb.and(
      words.map((word) => {
        const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        return sql<boolean>`(${sql.join(
          columns.map((column) => sql`${column} ${operator} ${pattern} escape '\\'`),
          sql` or `,
        )})`;
      }),
    );
}

type Direction = 'asc' | 'desc';

/**
 * The ORDER BY of a page: one column with its tie-breakers, or several (`sorts`) followed by the
 * first one's tie-breakers, each column once. Sorting by a field the caller cannot see would reveal
 * its order, so such a column falls back to last name (alone) or is left out (among several).
 */
function orderBy(args: Pick<ListArgs, 'sort' | 'direction' | 'sorts'>, identity: readonly IdentityField[]): Array<[Column, Direction]> {
  const visible = (column: ListArgs['sort']) => !isIdentityField(column) || identity.includes(column);
  const requested = args.sorts.length ? args.sorts : [{ column: args.sort, direction: args.direction }];
  const allowed = requested.filter((s) => visible(s.column));
  const first = allowed[0] ?? { column: 'lastname' as const, direction: requested[0]?.direction ?? args.direction };
  const sorts = allowed.length ? allowed : [first];
  const out: Array<[Column, Direction]> = [];
  for (const [column, direction] of [...sorts.map((s): [Column, Direction] => [s.column, s.direction]), ...ORDER[first.column].map((c): [Column, Direction] => [c, first.direction])]) {
    if (!out.some(([c]) => c === column)) out.push([column, direction]);
  }
  return out;
}

/**
 * One page of users and the total: two queries, whatever the size of the site. `identity` is what
 * the caller may see (visibleIdentityFields): only those are answered, searched and sorted by.
 */
export async function listUsers(db: Kysely<DB>, dialect: DialectName, args: ListArgs, identity: readonly IdentityField[]) {
  const guest = Number((await getConfig(db, 'siteguest')) ?? 0);
  let base = db.selectFrom('user').where('deleted', '=', 0).where('id', '!=', guest);
  if (args.suspended !== 'all') base = base.where('suspended', '=', args.suspended === 'suspended' ? 1 : 0);
  if (args.search.trim() !== '') base = base.where(matches(args.search, dialect, identity));
  let page = base
    .select(['id', 'username', 'firstname', 'lastname', 'idnumber', 'email', 'phone1', 'phone2', 'department', 'institution', 'suspended', 'lastaccess', 'auth', 'picture'])
    .limit(args.perpage)
    .offset(args.page * args.perpage);
  for (const [column, direction] of orderBy(args, identity)) page = page.orderBy(column, direction);
  const rows = await page.execute();
  const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return {
    total: Number(count?.n ?? 0),
    users: rows.map((r) => ({
      id: r.id,
      username: r.username,
      firstname: r.firstname,
      lastname: r.lastname,
      fullname: `${r.firstname} ${r.lastname}`.trim(),
      ...identityValues(r, identity),
      suspended: r.suspended === 1,
      lastaccess: r.lastaccess,
      auth: r.auth,
      picture: r.picture,
    })),
  };
}
