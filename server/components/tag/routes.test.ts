import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs, tagCount, type Session } from './fixtures';

describe.each(testDialects)('tag management form posts on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let teacher: Session;
  let courseid: number;
  let tc: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    const tom = await site.createUser('tom');
    courseid = await site.createCourse('Geology', 'GEO1');
    await site.enrol(tom, courseid, 'editingteacher');
    teacher = await site.sessionFor(tom);
    tc = (await site.platform.db.selectFrom('tag_coll').select('id').where('isdefault', '=', 1).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => site.close());

  /** Posts the form as the browser would (url-encoded, repeated keys for lists). */
  const post = (fields: Array<[string, string | number]>, session: Session = admin) =>
    site.app.inject({
      method: 'POST',
      url: '/tag/manage.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie, accept: 'text/html' },
      payload: new URLSearchParams(fields.map(([k, v]): [string, string] => [k, String(v)])).toString(),
    });
  const withKey = (fields: Array<[string, string | number]>, session: Session = admin): Array<[string, string | number]> => [['sesskey', session.sesskey], ...fields];
  const lastNotice = async (session: Session) => {
    const sid = session.cookie.split('=')[1] ?? '';
    return site.platform.db.selectFrom('session_notifications').select(['message', 'type']).where('sid', '=', sid).orderBy('id', 'desc').executeTakeFirst();
  };
  const tagId = async (name: string) => (await site.platform.db.selectFrom('tag').select('id').where('name', '=', name).executeTakeFirst())?.id;
  const tagCourse = (tags: string[], itemid = courseid) => callAs(site, teacher, 'core_tag_set_item_tags', { component: 'core', itemtype: 'course', itemid, tags });

  it('adds standard tags and redirects back with a notification', async () => {
    const response = await post(withKey([['action', 'addstandardtag'], ['tc', tc], ['tagslist', 'Alpha, Beta, Gamma, Delta']]));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/tag/manage.php?tc=${tc}`);
    expect(await lastNotice(admin)).toEqual({ message: 'Standard tag(s) added', type: 'success' });
    expect(await tagCount(site)).toBe(4);
  });

  it('refuses a missing or wrong sesskey and a user without moodle/tag:manage, changing nothing', async () => {
    const alpha = await tagId('alpha');
    for (const fields of [
      [['action', 'delete'], ['tagid', alpha ?? 0]],
      [['sesskey', 'nope'], ['action', 'delete'], ['tagid', alpha ?? 0]],
    ] as Array<Array<[string, string | number]>>) {
      const response = await post(fields);
      expect(response.statusCode).toBe(403);
    }
    const refused = await post(withKey([['action', 'delete'], ['tagid', alpha ?? 0]], teacher), teacher);
    expect(refused.statusCode).toBe(403);
    expect(await tagId('alpha')).toBe(alpha);
  });

  it('deletes one tag, and a missing one comes back as an error with nothing changed', async () => {
    const missing = await post(withKey([['action', 'delete'], ['tagid', 99999], ['tc', tc]]));
    expect(missing.statusCode).toBe(303);
    expect(await lastNotice(admin)).toEqual({ message: 'Tag not found', type: 'error' });
    const response = await post(withKey([['action', 'delete'], ['tagid', (await tagId('delta')) ?? 0], ['tc', tc]]));
    expect(response.statusCode).toBe(303);
    expect(await tagId('delta')).toBeUndefined();
    expect(await tagCount(site)).toBe(3);
  });

  it('bulk deletes the checked tags; nothing checked does nothing', async () => {
    await post(withKey([['action', 'addstandardtag'], ['tc', tc], ['tagslist', 'Tmp1, Tmp2']]));
    const before = await tagCount(site);
    await post(withKey([['action', 'bulk'], ['bulkdelete', '1'], ['tc', tc]]));
    expect(await tagCount(site)).toBe(before);
    const bad = await post(withKey([['action', 'bulk'], ['bulkdelete', '1'], ['tagschecked[]', (await tagId('tmp1')) ?? 0], ['tagschecked[]', 88888]]));
    expect(bad.statusCode).toBe(303);
    expect(await tagCount(site)).toBe(before);
    await post(withKey([['action', 'bulk'], ['bulkdelete', '1'], ['tagschecked[]', (await tagId('tmp1')) ?? 0], ['tagschecked[]', (await tagId('tmp2')) ?? 0]]));
    expect(await tagCount(site)).toBe(before - 2);
  });

  it('bulk combines into the chosen main tag; fewer than two is refused with selectmultipletags', async () => {
    const c2 = await site.createCourse('Botany', 'BOT1');
    await tagCourse(['Rock', 'Stone']);
    await site.enrol((await site.platform.db.selectFrom('user').select('id').where('username', '=', 'tom').executeTakeFirstOrThrow()).id, c2, 'editingteacher');
    await tagCourse(['Stone', 'Pebble'], c2);
    const rock = (await tagId('rock')) ?? 0;
    const stone = (await tagId('stone')) ?? 0;
    const pebble = (await tagId('pebble')) ?? 0;

    await post(withKey([['action', 'bulk'], ['bulkcombine', '1'], ['tagschecked[]', rock], ['tc', tc]]));
    expect(await lastNotice(admin)).toEqual({ message: 'Please select more than one tag', type: 'error' });
    expect(await tagId('rock')).toBe(rock);

    const response = await post(withKey([['action', 'bulk'], ['bulkcombine', '1'], ['tagschecked[]', rock], ['tagschecked[]', stone], ['tagschecked[]', pebble], ['maintag', stone], ['tc', tc]]));
    expect(response.statusCode).toBe(303);
    expect(await lastNotice(admin)).toEqual({ message: 'Tags are combined', type: 'success' });
    expect(await tagId('rock')).toBeUndefined();
    expect(await tagId('pebble')).toBeUndefined();
    const first = await callAs<{ tags: Array<{ name: string }> }>(site, teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course', itemid: courseid });
    expect(first.data?.tags.map((t) => t.name)).toEqual(['stone']);
    const second = await callAs<{ tags: Array<{ name: string }> }>(site, teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course', itemid: c2 });
    expect(second.data?.tags.map((t) => t.name)).toEqual(['stone']);
  });

  it('renames and combines from the form', async () => {
    await tagCourse(['Stone', 'Boulder']);
    const boulder = (await tagId('boulder')) ?? 0;
    await post(withKey([['action', 'renamecombine'], ['tagid', boulder], ['newname', 'STONE'], ['tc', tc]]));
    expect(await tagId('boulder')).toBeUndefined();
    const tags = await callAs<{ tags: Array<{ name: string }> }>(site, teacher, 'core_tag_get_item_tags', { component: 'core', itemtype: 'course', itemid: courseid });
    expect(tags.data?.tags.map((t) => t.name)).toEqual(['stone']);
    await post(withKey([['action', 'renamecombine'], ['tagid', (await tagId('stone')) ?? 0], ['newname', ''], ['tc', tc]]));
    expect(await lastNotice(admin)).toEqual({ message: 'A tag needs a name.', type: 'error' });
  });

  it('adds, moves and deletes collections; the default one stays', async () => {
    await post(withKey([['action', 'colladd'], ['name', '']]));
    expect(await lastNotice(admin)).toEqual({ message: 'A tag collection needs a name.', type: 'error' });
    await post(withKey([['action', 'colladd'], ['name', 'First'], ['searchable', '0']]));
    await post(withKey([['action', 'colladd'], ['name', 'Second'], ['searchable', '1']]));
    const colls = () => site.platform.db.selectFrom('tag_coll').select(['id', 'name', 'searchable']).orderBy('isdefault', 'desc').orderBy('sortorder').execute();
    expect((await colls()).map((c) => [c.name, c.searchable])).toEqual([
      ['', 1],
      ['First', 0],
      ['Second', 1],
    ]);
    const second = (await colls())[2]?.id ?? 0;
    await post(withKey([['action', 'collmoveup'], ['tc', second]]));
    expect((await colls()).map((c) => c.name)).toEqual(['', 'Second', 'First']);
    await post(withKey([['action', 'collmovedown'], ['tc', second]]));
    expect((await colls()).map((c) => c.name)).toEqual(['', 'First', 'Second']);
    await post(withKey([['action', 'colldelete'], ['tc', tc]]));
    expect(await lastNotice(admin)).toEqual({ message: 'This tag collection cannot be changed or deleted.', type: 'error' });
    const response = await post(withKey([['action', 'colldelete'], ['tc', second]]));
    expect(response.headers.location).toBe('/tag/manage.php');
    expect((await colls()).map((c) => c.name)).toEqual(['', 'First']);
    await post(withKey([['action', 'nonsense']]));
    expect((await lastNotice(admin))?.type).toBe('error');
  });
});
