import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSystemContext } from '../../platform/access/contexts';
import { assignRole, getRoleByShortname } from '../../platform/access/install';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs, createPageActivity, instanceCount, tagCount, type Session } from './fixtures';

type TagOut = { id: number; rawname: string; name: string; displayname: string; isstandard: boolean; flag: number; tagcollid: number };
type ItemTags = { enabled: boolean; canedit: boolean; cancreate: boolean; tags: TagOut[] };

describe.each(testDialects)('tag web-service methods on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let manager: Session;
  let teacher: Session;
  let student: Session;
  let courseid: number;
  let cmid: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    for (const name of ['mona', 'tom', 'stu', 'sue']) ids[name] = await site.createUser(name);
    courseid = await site.createCourse('Geology', 'GEO1');
    cmid = await createPageActivity(site, courseid, 'Rocks reading');
    await site.enrol(ids.tom ?? 0, courseid, 'editingteacher');
    await site.enrol(ids.stu ?? 0, courseid, 'student');
    const managerRole = await getRoleByShortname(site.platform.db, 'manager');
    await assignRole(site.platform.db, managerRole?.id ?? 0, ids.mona ?? 0, (await getSystemContext(site.platform.db)).id);
    manager = await site.sessionFor(ids.mona ?? 0);
    teacher = await site.sessionFor(ids.tom ?? 0);
    student = await site.sessionFor(ids.stu ?? 0);
  });
  afterAll(() => site.close());

  const call = <T>(session: Session | null, methodname: string, args: unknown) => callAs<T>(site, session, methodname, args);
  const defaultColl = async () => (await site.platform.db.selectFrom('tag_coll').select('id').where('isdefault', '=', 1).executeTakeFirstOrThrow()).id;
  const tagByName = (name: string) => site.platform.db.selectFrom('tag').selectAll().where('name', '=', name).executeTakeFirst();
  const area = (itemtype: string) => site.platform.db.selectFrom('tag_area').selectAll().where('component', '=', 'core').where('itemtype', '=', itemtype).executeTakeFirstOrThrow();
  const setCourseTags = (tags: string[], session = teacher, itemid = courseid) => call<ItemTags>(session, 'core_tag_set_item_tags', { component: 'core', itemtype: 'course', itemid, tags });

  it('installs a default collection holding the course, activity and user interest areas', async () => {
    const answer = await call<{ collections: Array<{ displayname: string; isdefault: boolean; candelete: boolean; areanames: string[] }>; areas: Array<{ itemtype: string; enabled: boolean }> }>(
      manager,
      'core_tag_get_collections_and_areas',
      {},
    );
    expect(answer.error).toBe(false);
    expect(answer.data?.collections).toMatchObject([{ displayname: 'Default collection', isdefault: true, candelete: false, areanames: ['Courses', 'Activities and resources', 'User interests'] }]);
    expect(answer.data?.areas.map((a) => a.itemtype)).toEqual(['course', 'course_modules', 'user']);
    expect((await call(student, 'core_tag_get_collections_and_areas', {})).exception?.errorcode).toBe('nopermissions');
  });

  it('tags a course in order, creating tags, and deletes non-standard tags left without instances', async () => {
    const set = await setCourseTags(['Granite', 'basalt', 'granite ', 'Shale']);
    expect(set.error).toBe(false);
    expect(set.data?.tags.map((t) => t.rawname)).toEqual(['Granite', 'basalt', 'Shale']);
    expect((await tagByName('granite'))?.rawname).toBe('Granite');
    await site.platform.db.updateTable('tag').set({ isstandard: 1 }).where('name', '=', 'shale').execute();

    const reordered = await setCourseTags(['Basalt', 'Granite']);
    expect(reordered.data?.tags.map((t) => t.rawname)).toEqual(['basalt', 'Granite']);
    expect(await tagByName('shale')).toBeDefined(); // standard: kept without instances

    const read = await call<ItemTags>(student, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course', itemid: courseid });
    expect(read.data).toMatchObject({ enabled: true, canedit: false });
    expect(read.data?.tags.map((t) => t.name)).toEqual(['basalt', 'granite']);

    await setCourseTags(['Granite']);
    expect(await tagByName('basalt')).toBeUndefined();
  });

  it('refuses tagging without the item capability, and a write without the sesskey', async () => {
    const before = await instanceCount(site);
    expect((await setCourseTags(['Sneaky'], student)).exception?.errorcode).toBe('nopermissions');
    expect((await call(student, 'core_tag_set_item_tags', { component: 'core', itemtype: 'course_modules', itemid: cmid, tags: ['x'] })).exception?.errorcode).toBe('nopermissions');
    expect((await call(student, 'core_tag_set_item_tags', { component: 'core', itemtype: 'user', itemid: ids.sue, tags: ['x'] })).exception?.errorcode).toBe('nopermissions');
    expect((await setCourseTags(['Sneaky'], { ...teacher, sesskey: 'wrong' })).exception?.errorcode).toBe('invalidsesskey');
    expect(await instanceCount(site)).toBe(before);
    expect(await tagByName('sneaky')).toBeUndefined();
  });

  it('tags activities for teachers and interests for their owner', async () => {
    const activity = await call<ItemTags>(teacher, 'core_tag_set_item_tags', { component: 'core', itemtype: 'course_modules', itemid: cmid, tags: ['Minerals'] });
    expect(activity.data?.tags.map((t) => t.rawname)).toEqual(['Minerals']);
    const own = await call<ItemTags>(student, 'core_tag_set_item_tags', { component: 'core', itemtype: 'user', itemid: ids.stu, tags: ['Hiking', 'Caves'] });
    expect(own.data?.tags.map((t) => t.rawname)).toEqual(['Hiking', 'Caves']);
    const byAdmin = await call<ItemTags>(admin, 'core_tag_set_item_tags', { component: 'core', itemtype: 'user', itemid: ids.sue, tags: ['Fossils'] });
    expect(byAdmin.data?.tags.map((t) => t.rawname)).toEqual(['Fossils']);
    expect((await call(teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course_modules', itemid: 999999 })).exception?.errorcode).toBe('invalidrecord');
  });

  it('refuses bad names with a clear error and changes nothing; HTML is stored as text and escaped', async () => {
    const tags = await tagCount(site);
    const instances = await instanceCount(site);
    // Blank entries are skipped; a bad name refuses the whole list.
    expect((await setCourseTags(['Granite', '   ', 'Newcomer'])).data?.tags.map((t) => t.rawname)).toEqual(['Granite', 'Newcomer']);
    await setCourseTags(['Granite']);
    expect((await setCourseTags(['Granite', 'Another', 'a,b'])).exception?.errorcode).toBe('tagnamecomma');
    expect((await setCourseTags(['Granite', 'y'.repeat(101)])).exception?.errorcode).toBe('tagnametoolong');
    await setCourseTags(['Granite']);
    expect(await tagCount(site)).toBe(tags);
    expect(await instanceCount(site)).toBe(instances);

    const html = await setCourseTags(['Granite', '<b>Bold</b> & co']);
    const tag = html.data?.tags[1];
    expect(tag?.rawname).toBe('<b>Bold</b> & co');
    expect(tag?.displayname).toBe('&lt;b&gt;Bold&lt;/b&gt; &amp; co');
    await setCourseTags(['Granite']);
  });

  it('lists a collection with instance counts, search, sorting and paging; managers only', async () => {
    const tc = await defaultColl();
    await call(manager, 'core_tag_add_standard_tags', { tc, tagslist: 'Alpha, Beta,Gamma, 50%_off' });
    const page = await call<{ total: number; tags: Array<TagOut & { count: number; inplacename: { itemtype: string; value: string } }> }>(manager, 'core_tag_list_tags', {
      tc,
      perpage: 2,
      page: 1,
    });
    expect(page.error).toBe(false);
    const all = await call<{ total: number; tags: Array<TagOut & { count: number }> }>(manager, 'core_tag_list_tags', { tc, perpage: 100 });
    expect(page.data?.total).toBe(all.data?.total);
    expect(page.data?.tags.map((t) => t.name)).toEqual(all.data?.tags.slice(2, 4).map((t) => t.name));
    expect(all.data?.tags.find((t) => t.name === 'granite')?.count).toBe(1);
    expect(page.data?.tags[0]?.inplacename.itemtype).toBe('tagname');

    const search = await call<{ total: number; tags: TagOut[] }>(manager, 'core_tag_list_tags', { tc, search: 'AMM' });
    expect(search.data?.tags.map((t) => t.rawname)).toEqual(['Gamma']);
    const literal = await call<{ total: number; tags: TagOut[] }>(manager, 'core_tag_list_tags', { tc, search: '%_' });
    expect(literal.data?.tags.map((t) => t.rawname)).toEqual(['50%_off']);
    const byCount = await call<{ tags: Array<TagOut & { count: number }> }>(manager, 'core_tag_list_tags', { tc, sort: 'count', direction: 'desc', perpage: 1 });
    expect(byCount.data?.tags[0]?.count).toBeGreaterThanOrEqual(1);
    expect((await call(student, 'core_tag_list_tags', { tc })).exception?.errorcode).toBe('nopermissions');
    expect((await call(manager, 'core_tag_list_tags', { tc: 99999 })).exception?.errorcode).toBe('tagcollnotfound');
  });

  it('adds standard tags from a list: creates missing ones and marks existing ones standard', async () => {
    const tc = await defaultColl();
    await setCourseTags(['Granite', 'Quartz']);
    expect((await tagByName('quartz'))?.isstandard).toBe(0);
    const answer = await call<{ count: number }>(manager, 'core_tag_add_standard_tags', { tc, tagslist: 'quartz, Obsidian' });
    expect(answer.data?.count).toBe(2);
    expect((await tagByName('quartz'))?.isstandard).toBe(1);
    expect((await tagByName('obsidian'))?.isstandard).toBe(1);
    const tags = await tagCount(site);
    expect((await call(manager, 'core_tag_add_standard_tags', { tc, tagslist: ' , ' })).exception?.errorcode).toBe('tagnameempty');
    expect((await call(manager, 'core_tag_add_standard_tags', { tc, tagslist: `ok, ${'z'.repeat(101)}` })).exception?.errorcode).toBe('tagnametoolong');
    expect((await call(teacher, 'core_tag_add_standard_tags', { tc, tagslist: 'Nope' })).exception?.errorcode).toBe('nopermissions');
    expect(await tagCount(site)).toBe(tags);
  });

  it('combines tags: instances move to the main tag without duplicates, main becomes standard, the rest go', async () => {
    const c2 = await site.createCourse('Botany', 'BOT1');
    await site.enrol(ids.tom ?? 0, c2, 'editingteacher');
    await setCourseTags(['Rock', 'Stone', 'Pebble']);
    await setCourseTags(['Stone', 'Pebble', 'Mud'], teacher, c2);
    await site.platform.db.updateTable('tag').set({ isstandard: 1 }).where('name', '=', 'pebble').execute();
    const rock = await tagByName('rock');
    const stone = await tagByName('stone');
    const pebble = await tagByName('pebble');

    expect((await call(manager, 'core_tag_combine_tags', { tagids: [rock?.id, rock?.id] })).exception?.errorcode).toBe('selectmultipletags');
    expect((await call(manager, 'core_tag_combine_tags', { tagids: [rock?.id, 987654] })).exception?.errorcode).toBe('tagnotfound');
    expect((await call(student, 'core_tag_combine_tags', { tagids: [rock?.id, stone?.id] })).exception?.errorcode).toBe('nopermissions');
    expect(await tagByName('rock')).toBeDefined();

    const combined = await call<{ maintagid: number }>(manager, 'core_tag_combine_tags', { tagids: [stone?.id, rock?.id, pebble?.id], maintag: rock?.id });
    expect(combined.data?.maintagid).toBe(rock?.id);
    expect(await tagByName('stone')).toBeUndefined();
    expect(await tagByName('pebble')).toBeUndefined();
    expect((await tagByName('rock'))?.isstandard).toBe(1);
    const first = await call<ItemTags>(teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course', itemid: courseid });
    expect(first.data?.tags.map((t) => t.rawname)).toEqual(['Rock']);
    const second = await call<ItemTags>(teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course', itemid: c2 });
    expect(second.data?.tags.map((t) => t.rawname)).toEqual(['Rock', 'Mud']);
    const orderings = await site.platform.db.selectFrom('tag_instance').select('ordering').where('itemtype', '=', 'course').where('itemid', '=', c2).orderBy('ordering').execute();
    expect(orderings.map((o) => o.ordering)).toEqual([0, 1]);
  });

  it('renames in place: a used name answers namesalreadybeeingused, a case-only change is allowed', async () => {
    await setCourseTags(['Lava', 'Magma']);
    const lava = await tagByName('lava');
    const inplace = (value: string, session = manager) => call<{ displayvalue: string; value: string }>(session, 'core_update_inplace_editable', { component: 'core_tag', itemtype: 'tagname', itemid: lava?.id, value });
    expect((await inplace('MAGMA')).exception?.errorcode).toBe('namesalreadybeeingused');
    expect((await inplace('')).exception?.errorcode).toBe('tagnameempty');
    expect((await inplace('LAVA', student)).exception?.errorcode).toBe('nopermissions');
    expect((await tagByName('lava'))?.rawname).toBe('Lava');
    const renamed = await inplace('LAVA');
    expect(renamed.data?.value).toBe('LAVA');
    expect((await tagByName('lava'))?.rawname).toBe('LAVA');
    const html = await inplace('<i>Lava</i>');
    expect(html.data?.displayvalue).toContain('&lt;i&gt;Lava&lt;/i&gt;');
  });

  it('renames and combines into the tag that has the new name', async () => {
    const c3 = await site.createCourse('Chemistry', 'CHE1');
    await site.enrol(ids.tom ?? 0, c3, 'editingteacher');
    await setCourseTags(['Ash', 'Cinder']);
    await setCourseTags(['Cinder'], teacher, c3);
    const ash = await tagByName('ash');
    const cinder = await tagByName('cinder');
    const answer = await call<{ tagid: number; combined: boolean }>(manager, 'core_tag_rename_combine', { tagid: cinder?.id, newname: 'ASH' });
    expect(answer.data).toEqual({ tagid: ash?.id, combined: true });
    expect(await tagByName('cinder')).toBeUndefined();
    const first = await call<ItemTags>(teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course', itemid: courseid });
    expect(first.data?.tags.map((t) => t.name)).toEqual(['ash']);
    const third = await call<ItemTags>(teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course', itemid: c3 });
    expect(third.data?.tags.map((t) => t.name)).toEqual(['ash']);
    const plain = await call<{ tagid: number; combined: boolean }>(manager, 'core_tag_rename_combine', { tagid: ash?.id, newname: 'Volcanic ash' });
    expect(plain.data).toEqual({ tagid: ash?.id, combined: false });
    expect((await call(manager, 'core_tag_rename_combine', { tagid: ash?.id, newname: '  ' })).exception?.errorcode).toBe('tagnameempty');
  });

  it('deletes tags; a missing one fails the call and nothing is deleted', async () => {
    await setCourseTags(['Doomed', 'Kept']);
    const doomed = await tagByName('doomed');
    const tags = await tagCount(site);
    expect((await call(manager, 'core_tag_delete_tags', { tagids: [doomed?.id, 424242] })).exception?.errorcode).toBe('tagnotfound');
    expect((await call(student, 'core_tag_delete_tags', { tagids: [doomed?.id] })).exception?.errorcode).toBe('nopermissions');
    expect(await tagCount(site)).toBe(tags);
    expect((await call<{ deleted: number }>(manager, 'core_tag_delete_tags', { tagids: [doomed?.id] })).data).toEqual({ deleted: 1 });
    const left = await call<ItemTags>(teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course', itemid: courseid });
    expect(left.data?.tags.map((t) => t.name)).toEqual(['kept']);
  });

  it('updates tags with warnings for what it cannot do', async () => {
    await setCourseTags(['Clay', 'Silt']);
    const clay = await tagByName('clay');
    const answer = await call<{ warnings: Array<{ itemid: number; warningcode: string }> }>(manager, 'core_tag_update_tags', {
      tags: [{ id: clay?.id, rawname: 'silt' }, { id: 555555, rawname: 'x' }, { id: clay?.id }, { id: clay?.id, official: 1, description: 'Fine grains', flag: 1 }],
    });
    expect(answer.data?.warnings.map((w) => w.warningcode)).toEqual(['namesalreadybeeingused', 'tagnotfound', 'nothingtoupdate']);
    expect(await tagByName('clay')).toMatchObject({ isstandard: 1, description: 'Fine grains', flag: 1 });
    const studentAnswer = await call<{ warnings: Array<{ warningcode: string }> }>(student, 'core_tag_update_tags', { tags: [{ id: clay?.id, rawname: 'Mud' }] });
    expect(studentAnswer.data?.warnings.map((w) => w.warningcode)).toEqual(['nothingtoupdate']);
    expect((await tagByName('clay'))?.rawname).toBe('Clay');
  });

  it('flags and resets in place and from the tag page', async () => {
    await setCourseTags(['Slate']);
    const slate = await tagByName('slate');
    expect((await call<{ flag: number }>(student, 'core_tag_flag_tag', { tagid: slate?.id })).data).toEqual({ flag: 1 });
    const toggle = (value: number) => call<{ value: string; options: string }>(manager, 'core_update_inplace_editable', { component: 'core_tag', itemtype: 'tagflag', itemid: slate?.id, value });
    expect((await toggle(1)).data).toMatchObject({ value: '1', options: '0' });
    expect((await tagByName('slate'))?.flag).toBe(2);
    expect((await toggle(0)).data).toMatchObject({ value: '0', options: '1' });
    expect((await tagByName('slate'))?.flag).toBe(0);
    const standard = await call<{ value: string }>(manager, 'core_update_inplace_editable', { component: 'core_tag', itemtype: 'tagisstandard', itemid: slate?.id, value: '1' });
    expect(standard.data?.value).toBe('1');
    expect((await tagByName('slate'))?.isstandard).toBe(1);
    expect((await call(manager, 'core_update_inplace_editable', { component: 'core_tag', itemtype: 'tagflag', itemid: 999999, value: '1' })).exception?.errorcode).toBe('tagnotfound');
  });

  it('suggests tags for an area honouring showstandard', async () => {
    await setCourseTags(['Sandstone']);
    await call(manager, 'core_tag_add_standard_tags', { tc: await defaultColl(), tagslist: 'Sand dune' });
    const courseArea = await area('course');
    const search = (query: string) => call<{ tags: TagOut[]; cancreate: boolean }>(teacher, 'core_tag_search_tags', { component: 'core', itemtype: 'course', query });
    expect((await search('sand')).data).toMatchObject({ enabled: true, cancreate: true });
    expect((await search('sand')).data?.tags.map((t) => t.rawname)).toEqual(['Sand dune', 'Sandstone']);
    // A disabled area suggests nothing and says so, so tagging forms can leave the field out.
    await call(manager, 'core_tag_update_area', { taid: courseArea.id, enabled: 0 });
    expect((await search('sand')).data).toEqual({ tags: [], cancreate: false, enabled: false });
    await call(manager, 'core_tag_update_area', { taid: courseArea.id, enabled: 1 });
    await call(manager, 'core_tag_update_area', { taid: courseArea.id, showstandard: 1 });
    expect((await search('sand')).data).toMatchObject({ tags: [{ rawname: 'Sand dune' }], cancreate: false });
    await call(manager, 'core_tag_update_area', { taid: courseArea.id, showstandard: 2 });
    expect((await search('sand')).data?.tags.map((t) => t.rawname)).toEqual(['Sandstone']);
    await call(manager, 'core_tag_update_area', { taid: courseArea.id, showstandard: 0 });
    expect((await call(manager, 'core_tag_update_area', { taid: courseArea.id, showstandard: 3 })).exception?.errorcode).toBe('invalidparameter');
    expect((await call(manager, 'core_tag_update_area', { taid: 424242, enabled: 0 })).exception?.errorcode).toBe('tagareanotfound');
    expect((await call(manager, 'core_tag_update_area', { taid: courseArea.id, tagcollid: 424242 })).exception?.errorcode).toBe('tagcollnotfound');
    expect((await call(teacher, 'core_tag_search_tags', { component: 'core', itemtype: 'blog', query: 'x' })).exception?.errorcode).toBe('invalidparameter');
    expect((await area('course')).tagcollid).toBe(await defaultColl());
  });

  it('manages collections: add, order, delete moves areas and their tags to the default', async () => {
    expect((await call(manager, 'core_tag_create_collection', { name: '  ' })).exception?.errorcode).toBe('collnameempty');
    const a = (await call<{ id: number }>(manager, 'core_tag_create_collection', { name: 'Interests', searchable: false })).data?.id ?? 0;
    const b = (await call<{ id: number }>(manager, 'core_tag_create_collection', { name: 'Other' })).data?.id ?? 0;
    const order = async () => (await call<{ collections: Array<{ id: number }> }>(manager, 'core_tag_get_collections_and_areas', {})).data?.collections.map((c) => c.id);
    const def = await defaultColl();
    expect(await order()).toEqual([def, a, b]);
    await call(manager, 'core_tag_move_collection', { tcid: b, direction: 'up' });
    expect(await order()).toEqual([def, b, a]);
    await call(manager, 'core_tag_move_collection', { tcid: b, direction: 'up' });
    expect(await order()).toEqual([def, b, a]);
    expect((await call(manager, 'core_tag_move_collection', { tcid: def, direction: 'down' })).exception?.errorcode).toBe('collectionlocked');
    expect((await call(manager, 'core_tag_delete_collection', { tcid: def })).exception?.errorcode).toBe('collectionlocked');
    expect((await call(manager, 'core_tag_delete_collection', { tcid: 77777 })).exception?.errorcode).toBe('tagcollnotfound');

    // Move user interests into "Interests": its tags follow, the old non-standard ones go.
    const userArea = await area('user');
    const moved = await call<{ tagcollid: number }>(manager, 'core_tag_update_area', { taid: userArea.id, tagcollid: a });
    expect(moved.data?.tagcollid).toBe(a);
    expect((await site.platform.db.selectFrom('tag').select('tagcollid').where('name', '=', 'hiking').execute()).map((r) => r.tagcollid)).toEqual([a]);
    const interests = await call<ItemTags>(student, 'core_tag_get_item_tags', { component: 'core', itemtype: 'user', itemid: ids.stu });
    expect(interests.data?.tags.map((t) => [t.rawname, t.tagcollid])).toEqual([
      ['Hiking', a],
      ['Caves', a],
    ]);

    expect((await call(student, 'core_tag_delete_collection', { tcid: a })).exception?.errorcode).toBe('nopermissions');
    expect((await call(manager, 'core_tag_delete_collection', { tcid: a })).error).toBe(false);
    expect((await area('user')).tagcollid).toBe(def);
    const back = await call<ItemTags>(student, 'core_tag_get_item_tags', { component: 'core', itemtype: 'user', itemid: ids.stu });
    expect(back.data?.tags.map((t) => [t.rawname, t.tagcollid])).toEqual([
      ['Hiking', def],
      ['Caves', def],
    ]);
    expect(await order()).toEqual([def, b]);
  });

  it('edits areas and collections in place', async () => {
    const b = (await call<{ id: number }>(manager, 'core_tag_create_collection', { name: 'Spare' })).data?.id ?? 0;
    const activityArea = await area('course_modules');
    const edit = (itemtype: string, itemid: number, value: string, session = manager) => call<{ value: string; displayvalue: string }>(session, 'core_update_inplace_editable', { component: 'core_tag', itemtype, itemid, value });
    expect((await edit('tagareaenable', activityArea.id, '0')).data?.value).toBe('0');
    expect((await call<ItemTags>(teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course_modules', itemid: cmid })).data).toMatchObject({ enabled: false, tags: [] });
    await call(teacher, 'core_tag_set_item_tags', { component: 'core', itemtype: 'course_modules', itemid: cmid, tags: [] });
    expect((await edit('tagareaenable', activityArea.id, '1')).data?.value).toBe('1');
    expect((await call<ItemTags>(teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course_modules', itemid: cmid })).data?.tags.map((t) => t.rawname)).toEqual(['Minerals']);

    expect((await edit('tagareacollection', activityArea.id, '999')).exception?.errorcode).toBe('invalidparameter');
    expect((await edit('tagareacollection', activityArea.id, String(b))).data?.value).toBe(String(b));
    expect((await edit('tagareashowstandard', activityArea.id, '2')).data?.value).toBe('2');
    expect((await edit('tagcollname', b, 'Renamed')).data?.displayvalue).toBe('Renamed');
    expect((await edit('tagcollsearchable', b, '0')).data?.value).toBe('0');
    expect((await edit('tagcollsearchable', await defaultColl(), '0')).exception?.errorcode).toBe('collectionlocked');
    expect((await edit('tagareaenable', activityArea.id, '0', student)).exception?.errorcode).toBe('nopermissions');
  });

  it('serves the tag index page by page, and refuses extra keys and unknown tags', async () => {
    const tc = await defaultColl();
    const courses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await site.createCourse(`Paged ${String(i).padStart(2, '0')}`, `P${i}`, { visible: i === 11 ? 0 : 1 });
      await site.enrol(ids.tom ?? 0, id, 'editingteacher');
      await setCourseTags(['Paged'], teacher, id);
      courses.push(id);
    }
    const courseArea = await area('course');
    const index = (tagindex: Record<string, unknown>, session = student) => call<{ content: string; nextpageurl?: string; prevpageurl?: string; exclusiveurl?: string; hascontent: number; title: string; anchor: string }>(session, 'core_tag_get_tagindex', { tagindex });
    const first = await index({ tag: 'paged', tc: String(tc), ta: String(courseArea.id) });
    expect(first.error).toBe(false);
    expect(first.data).toMatchObject({ title: 'Courses', hascontent: 1, anchor: 'core_course', nextpageurl: `/tag/index.php?tc=${tc}&tag=Paged&ta=${courseArea.id}&page=1` });
    expect(first.data?.prevpageurl).toBeUndefined();
    expect(first.data?.exclusiveurl).toContain('excl=1');
    expect((first.data?.content.match(/<li>/g) ?? []).length).toBe(5);
    const third = await index({ tag: 'Paged', tc, ta: courseArea.id, page: 2 });
    expect((third.data?.content.match(/<li>/g) ?? []).length).toBe(1); // the hidden course is not listed for a student
    expect(third.data?.nextpageurl).toBeUndefined();
    const adminThird = await index({ tag: 'Paged', tc, ta: courseArea.id, page: 2 }, admin);
    expect((adminThird.data?.content.match(/<li>/g) ?? []).length).toBe(2);
    const exclusive = await index({ tag: 'Paged', tc, ta: courseArea.id, excl: '1' });
    expect(exclusive.data?.title).toBe('Courses tagged with "Paged"');
    expect((exclusive.data?.content.match(/<li>/g) ?? []).length).toBe(11);

    expect((await index({ tag: 'paged', tc, ta: courseArea.id, id: '3' })).exception?.errorcode).toBe('invalidparameter');
    expect((await index({ tag: 'nosuchtag', tc, ta: courseArea.id })).exception?.errorcode).toBe('invalidrecord');
    expect((await index({ tag: 'paged', tc, ta: 9999 })).exception?.errorcode).toBe('invalidrecord');

    const tag = await call<{ tag: { rawname: string }; areas: Array<{ ta: number; itemtype: string }>; canmanage: boolean }>(student, 'core_tag_get_tag', { tag: 'PAGED' });
    expect(tag.data).toMatchObject({ tag: { rawname: 'Paged' }, canmanage: false });
    expect(tag.data?.areas.map((a) => a.itemtype)).toContain('course');
  });

  it('lists and reads tagged items only where the caller may see them: hidden courses per course, activities with course access', async () => {
    const hiddenCourse = await site.createCourse('Hidden geology', 'GEO2', { visible: 0 });
    await site.enrol(ids.tom ?? 0, hiddenCourse, 'editingteacher');
    await setCourseTags(['Strata'], admin, hiddenCourse);
    const hiddenCm = await createPageActivity(site, courseid, 'Secret notes');
    for (const itemid of [cmid, hiddenCm]) await call(admin, 'core_tag_set_item_tags', { component: 'core', itemtype: 'course_modules', itemid, tags: ['Strata'] });
    await site.platform.db.updateTable('course_modules').set({ visible: 0 }).where('id', '=', hiddenCm).execute();
    const sue = await site.sessionFor(ids.sue ?? 0);
    const index = async (session: Session, itemtype: string, extra: Record<string, unknown> = {}) => {
      // Each area keeps its tags in its own collection (an earlier test moved the activities' one).
      const { id: ta, tagcollid: tc } = await area(itemtype);
      const answer = await call<{ content: string }>(session, 'core_tag_get_tagindex', { tagindex: { tag: 'strata', tc, ta, excl: 1, ...extra } });
      return answer.error ? (answer.exception?.errorcode ?? 'error') : (answer.data?.content ?? '');
    };

    // The teacher of the hidden course sees it listed (moodle/course:viewhiddencourses in that course); a student does not.
    expect(await index(teacher, 'course')).toContain('Hidden geology');
    expect(await index(student, 'course')).not.toContain('Hidden geology');

    // Activities: the student sees the visible one of their course, its teacher the hidden one too, an outsider none.
    const forStudent = await index(student, 'course_modules');
    expect(forStudent).toContain('Rocks reading');
    expect(forStudent).not.toContain('Secret notes');
    expect(await index(teacher, 'course_modules')).toContain('Secret notes');
    expect(await index(sue, 'course_modules')).toBe('');

    // Searching inside a course needs access to it, as does reading an activity's tags.
    const geoContext = await site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 50).where('instanceid', '=', courseid).executeTakeFirstOrThrow();
    expect(await index(sue, 'course_modules', { ctx: geoContext.id })).toBe('requireloginerror');
    expect(await index(student, 'course_modules', { ctx: geoContext.id })).toContain('Rocks reading');
    const activityTags = (session: Session, itemid: number) => call<ItemTags>(session, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course_modules', itemid });
    expect((await activityTags(sue, cmid)).exception?.errorcode).toBe('requireloginerror');
    expect((await activityTags(student, cmid)).data?.tags.map((t) => t.name)).toEqual(['strata']);
    expect((await activityTags(student, hiddenCm)).exception?.errorcode).toBe('requireloginerror');
    expect((await activityTags(teacher, hiddenCm)).data?.canedit).toBe(true);
  });

  it("shows a user's interests only to those who may see their profile", async () => {
    await call(student, 'core_tag_set_item_tags', { component: 'core', itemtype: 'user', itemid: ids.stu, tags: ['Fossils'] });
    // sue shares no course with stu: their profile, interests included, is not hers to see.
    const sue = await site.sessionFor(ids.sue ?? 0);
    expect((await call(sue, 'core_tag_get_item_tags', { component: 'core', itemtype: 'user', itemid: ids.stu })).exception?.errorcode).toBe('nopermissions');
    // The course's teacher and the site's manager may.
    expect((await call<ItemTags>(teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'user', itemid: ids.stu })).data?.tags.map((t) => t.rawname)).toContain('Fossils');
    expect((await call<ItemTags>(manager, 'core_tag_get_item_tags', { component: 'core', itemtype: 'user', itemid: ids.stu })).data?.tags.map((t) => t.rawname)).toContain('Fossils');
    // Nor does the tag index list her under the interest: sue sees only herself, the teacher sees stu too.
    const { id: ta, tagcollid: tc } = await area('user');
    const index = async (session: Session) => (await call<{ content: string }>(session, 'core_tag_get_tagindex', { tagindex: { tag: 'fossils', tc, ta, excl: 1 } })).data?.content ?? '';
    const forSue = await index(sue);
    expect(forSue).toContain('sue Test');
    expect(forSue).not.toContain('stu Test');
    expect(await index(teacher)).toContain('stu Test');
  });
});
