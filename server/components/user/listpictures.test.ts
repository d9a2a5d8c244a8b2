import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Session = { cookie: string; sesskey: string };
type Answer<T> = Array<{ error: false; data: T } | { error: true; exception: { errorcode: string } }>;
type Person = { id: number; fullname: string; picture: number };

/**
 * The people lists answer each user's picture revision with the row (the app shows an avatar
 * beside each name): the participants, the admin's user list and cohort members and candidates.
 */
describe.each(testDialects)('pictures in the people lists on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let withPicture: number;
  let without: number;
  let courseid: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    withPicture = await site.createUser('pia', { firstname: 'Pia', lastname: 'Pictured' });
    without = await site.createUser('nils', { firstname: 'Nils', lastname: 'Plain' });
    // What an upload leaves: the revision of the user's current picture.
    await site.platform.db.updateTable('user').set({ picture: 1718000000 }).where('id', '=', withPicture).execute();
    courseid = await site.createCourse('Pictures 101', 'PIC101');
    await site.enrol(withPicture, courseid, 'student');
    await site.enrol(without, courseid, 'student');
  });
  afterAll(() => site.close());

  async function call<T>(methodname: string, args: unknown, session: Session = admin): Promise<T> {
    const { json } = await site.ajax([{ methodname, args }], session);
    const answer = (json as Answer<T>)[0];
    if (!answer || answer.error) throw new Error(`${methodname} failed: ${JSON.stringify(answer)}`);
    return answer.data;
  }
  const pictures = (people: Person[]) => Object.fromEntries(people.map((p) => [p.fullname, p.picture]));

  it('participants carry their picture revision, 0 for none', async () => {
    const data = await call<{ participants: Person[] }>('core_enrol_list_participants', { courseid });
    expect(pictures(data.participants)).toEqual({ 'Pia Pictured': 1718000000, 'Nils Plain': 0 });
  });

  it('the user list carries each user’s picture revision', async () => {
    const data = await call<{ users: Person[] }>('core_user_list_users', { search: 'P' });
    const shown = pictures(data.users);
    expect(shown['Pia Pictured']).toBe(1718000000);
    expect(shown['Nils Plain']).toBe(0);
  });

  it('cohort members and the candidates to add carry their picture revision', async () => {
    const created = await call<Array<{ id: number }>>('core_cohort_create_cohorts', { cohorts: [{ categorytype: { type: 'system', value: '' }, name: 'Pictured people' }] });
    const cohortid = created[0]?.id ?? 0;
    await call('core_cohort_add_cohort_members', { members: [{ cohorttype: { type: 'id', value: cohortid }, usertype: { type: 'id', value: withPicture } }] });
    const data = await call<{ members: Person[]; candidates: Person[] }>('core_cohort_list_members', { cohortid, search: 'p' });
    expect(data.members).toEqual([expect.objectContaining({ id: withPicture, picture: 1718000000 })]);
    expect(data.candidates).toContainEqual(expect.objectContaining({ id: without, picture: 0 }));
  });
});
