/**
 * Two people saving the same item at once lose no update silently: with in-place editing (which
 * sends the value its editor started from), one save wins and the other is told, and nothing of the
 * refused save is kept — whether the second save comes later from a stale page or at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStandardTags, defaultCollection } from '../components/tag/service';
import { setConfig } from '../platform/config-store';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';

type Session = { cookie: string; sesskey: string };
type Answer = Array<{ error: boolean; exception?: { errorcode: string } }>;

describe.each(testDialects)('saving the same item at once on %s', (dialect) => {
  let site: TestSite;
  let alice: Session;
  let bob: Session;
  let courseid: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    alice = await site.sessionFor(site.adminId);
    const bobId = await site.createUser('bob');
    await setConfig(site.platform.db, 'siteadmins', `${site.adminId},${bobId}`);
    bob = await site.sessionFor(bobId);
    courseid = await site.createCourse('Concurrency 101', 'CC101');
  });
  afterAll(() => site.close());

  function save(session: Session, component: string, itemtype: string, itemid: number, value: string, oldvalue?: string) {
    return site
      .ajax([{ methodname: 'core_update_inplace_editable', args: { component, itemtype, itemid, value, ...(oldvalue === undefined ? {} : { oldvalue }) } }], session)
      .then(({ json }) => (json as Answer)[0]);
  }

  async function newTag(name: string): Promise<number> {
    const coll = await defaultCollection(site.platform.db);
    await addStandardTags(site.platform.db, coll.id, name, site.adminId);
    const tag = await site.platform.db.selectFrom('tag').select('id').where('name', '=', name.toLowerCase()).executeTakeFirstOrThrow();
    return tag.id;
  }
  const tagName = async (id: number) => (await site.platform.db.selectFrom('tag').select('rawname').where('id', '=', id).executeTakeFirstOrThrow()).rawname;

  it('a save from a page loaded before someone else saved is refused and changes nothing', async () => {
    const id = await newTag('Original');
    expect(await save(alice, 'core_tag', 'tagname', id, 'Alpha', 'Original')).toMatchObject({ error: false });
    expect(await save(bob, 'core_tag', 'tagname', id, 'Beta', 'Original')).toMatchObject({ error: true, exception: { errorcode: 'inplaceconflict' } });
    expect(await tagName(id)).toBe('Alpha');
    // Told, Bob edits again from the current value, and that save goes through.
    expect(await save(bob, 'core_tag', 'tagname', id, 'Beta', 'Alpha')).toMatchObject({ error: false });
    expect(await tagName(id)).toBe('Beta');
  });

  it('two saves at the same moment: exactly one wins, the other is told, and the winner’s value stays', async () => {
    for (let round = 0; round < 5; round++) {
      const start = `Race ${round}`;
      const id = await newTag(start);
      const answers = await Promise.all([save(alice, 'core_tag', 'tagname', id, `Alice ${round}`, start), save(bob, 'core_tag', 'tagname', id, `Bob ${round}`, start)]);
      const won = answers.filter((a) => a && !a.error);
      const told = answers.filter((a) => a?.error && a.exception?.errorcode === 'inplaceconflict');
      expect(won).toHaveLength(1);
      expect(told).toHaveLength(1);
      expect(await tagName(id)).toBe(answers[0]?.error ? `Bob ${round}` : `Alice ${round}`);
    }
  });

  it('the same holds for a section name on the course page', async () => {
    const section = await site.platform.db.selectFrom('course_sections').select(['id', 'name']).where('course', '=', courseid).where('section', '=', 1).executeTakeFirstOrThrow();
    const answers = await Promise.all([
      save(alice, 'core_courseformat', 'sectionname', section.id, 'Cells', section.name),
      save(bob, 'core_courseformat', 'sectionname', section.id, 'Genes', section.name),
    ]);
    expect(answers.filter((a) => a && !a.error)).toHaveLength(1);
    expect(answers.filter((a) => a?.exception?.errorcode === 'inplaceconflict')).toHaveLength(1);
    const saved = await site.platform.db.selectFrom('course_sections').select('name').where('id', '=', section.id).executeTakeFirstOrThrow();
    expect(saved.name).toBe(answers[0]?.error ? 'Genes' : 'Cells');
  });

  it('a caller without the right is refused for that, not told about the conflict', async () => {
    const id = await newTag('Guarded');
    const student = await site.sessionFor(await site.createUser('nosy'));
    expect(await save(student, 'core_tag', 'tagname', id, 'Mine', 'Not the name')).toMatchObject({ error: true, exception: { errorcode: 'nopermissions' } });
    expect(await tagName(id)).toBe('Guarded');
  });

  it('a client that does not say what it started from still saves (Moodle clients send no oldvalue)', async () => {
    const id = await newTag('Plain');
    expect(await save(alice, 'core_tag', 'tagname', id, 'Plain two')).toMatchObject({ error: false });
    expect(await tagName(id)).toBe('Plain two');
  });
});
