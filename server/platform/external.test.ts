import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { stringParamsToA } from './external';

describe('string parameters', () => {
  it('follow Moodle: none, one named, one unnamed, several named', () => {
    expect(stringParamsToA([])).toBeUndefined();
    expect(stringParamsToA([{ name: 'x', value: '1' }])).toEqual({ x: '1' });
    expect(stringParamsToA([{ value: 'plain' }])).toBe('plain');
    expect(stringParamsToA([{ name: 'a', value: '1' }, { name: 'b', value: '2' }])).toEqual({ a: '1', b: '2' });
    expect(() => stringParamsToA([{ name: 'a', value: '1' }, { value: '2' }])).toThrow('error/unnamedstringparam');
  });
});

type Results = Array<{ error: boolean; data?: unknown; exception?: { errorcode: string } }>;

describe.each(testDialects)('core methods over HTTP on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(dialect);
  });
  afterAll(() => site.close());

  it('core_get_strings fills placeholders and marks unknown ids', async () => {
    const { json } = await site.ajax(
      [
        {
          methodname: 'core_get_strings',
          args: {
            strings: [
              { stringid: 'topic', stringparams: [{ value: '3' }] },
              { stringid: 'nopermissions', component: 'error', stringparams: [{ value: 'x' }] },
              { stringid: 'nosuchstring' },
            ],
          },
        },
      ],
      null,
      true,
    );
    const data = (json as Results)[0]?.data as Array<{ string: string; lang: string }>;
    expect(data.map((d) => d.string)).toEqual(['Topic 3', 'Sorry, but you do not currently have permissions to do that (x).', '[[nosuchstring]]']);
    expect(data[0]?.lang).toBe('en');
  });

  it('a repeated cached batch is answered the same, and each language keeps its own answer', async () => {
    const calls = [{ methodname: 'core_get_strings', args: { strings: [{ stringid: 'cancel' }, { stringid: 'topic', stringparams: [{ value: '2' }] }] } }];
    const english = await site.ajax(calls, null, true);
    const again = await site.ajax(calls, null, true);
    expect(again.json).toEqual(english.json);
    expect(((english.json as Results)[0]?.data as Array<{ string: string }>).map((d) => d.string)).toEqual(['Cancel', 'Topic 2']);
    const userid = await site.createUser(`hablante_${dialect}`);
    await site.platform.db.updateTable('user').set({ lang: 'es' }).where('id', '=', userid).execute();
    const spanish = await site.ajax(calls, await site.sessionFor(userid));
    const data = (spanish.json as Results)[0]?.data as Array<{ string: string; lang: string }>;
    expect(data.map((d) => d.lang)).toEqual(['es', 'es']);
    expect(data[0]?.string).not.toBe('Cancel');
  });

  it('core_get_string refuses several unnamed parameters', async () => {
    const { json } = await site.ajax([{ methodname: 'core_get_string', args: { stringid: 'topic', stringparams: [{ value: '1' }, { value: '2' }] } }], null, true);
    expect((json as Results)[0]?.exception?.errorcode).toBe('unnamedstringparam');
  });

  it('core_output_load_template answers the source without comments, and filenotfound for a missing one', async () => {
    const { json } = await site.ajax([{ methodname: 'core_output_load_template', args: { component: 'core', template: 'notification_success', themename: 'boost' } }], null, true);
    const source = (json as Results)[0]?.data as string;
    expect(source).toContain('alert-success');
    expect(source).not.toContain('{{!');
    const missing = await site.ajax([{ methodname: 'core_output_load_template', args: { component: 'core', template: 'nope', themename: 'boost' } }], null, true);
    expect((missing.json as Results)[0]?.exception?.errorcode).toBe('filenotfound');
  });

  it('core_fetch_notifications returns the queue once, and refuses an unknown context', async () => {
    const session = await site.sessionFor(site.adminId);
    const sid = session.cookie.split('=')[1] ?? '';
    await site.platform.db.insertInto('session_notifications').values([
      { sid, message: 'Course saved', type: 'success', timecreated: 1 },
      { sid, message: '<script>x</script>Odd', type: 'weird', timecreated: 2 },
    ]).execute();
    const first = await site.ajax([{ methodname: 'core_fetch_notifications', args: { contextid: 1 } }], session);
    expect((first.json as Results)[0]?.data).toEqual([
      { template: 'core/notification_success', variables: { message: 'Course saved', extraclasses: '', announce: true, closebutton: true } },
      { template: 'core/notification_error', variables: { message: 'Odd', extraclasses: '', announce: true, closebutton: true } },
    ]);
    const second = await site.ajax([{ methodname: 'core_fetch_notifications', args: { contextid: 1 } }], session);
    expect((second.json as Results)[0]?.data).toEqual([]);
    const bad = await site.ajax([{ methodname: 'core_fetch_notifications', args: { contextid: 999999 } }], session);
    expect((bad.json as Results)[0]?.exception?.errorcode).toBe('invalidrecord');
  });

  it('core_get_fragment refuses an unknown callback', async () => {
    const session = await site.sessionFor(site.adminId);
    const { json } = await site.ajax([{ methodname: 'core_get_fragment', args: { component: 'core_course', callback: 'nope', contextid: 1 } }], session);
    expect((json as Results)[0]?.exception?.errorcode).toBe('codingerror');
  });
});
