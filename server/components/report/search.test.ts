import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSystemContext } from '../../platform/access/contexts';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs as call, type Session } from '../tag/fixtures';
import { PreparedReport, couldBeInNumberText, type TableRequest } from './query';
import { openReadOnly } from './readonly';

type Run = { data: Array<Array<string | number | null>>; recordsTotal: number; recordsFiltered: number };

describe('couldBeInNumberText', () => {
  it('answers true for what the text of an integer or a float may contain', () => {
    for (const term of ['1', '-12', '.5', '12.', '1e', 'E+2', '3.2e-05', '+', 'inf', 'Infinity', '-INF', 'nan', 'a']) {
      expect(couldBeInNumberText(term), term).toBe(true);
    }
  });

  it('answers false for letters, two points or other characters', () => {
    for (const term of ['10.1.2.', 'x', 'Bio', '1 2', '1,5', 'ee1x', '1:30', 'infinity!', 'nana']) {
      expect(couldBeInNumberText(term), term).toBe(false);
    }
  });
});

describe.each(testDialects)('report search over numeric and text columns on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let reportId: number;

  beforeAll(async () => {
    site = await createTestSite(dialect, [], false, { onDisk: true });
    if (dialect === 'postgres') site.platform.config.databaseUrl = site.database.processUrl();
    for (const [fullname, shortname] of [
      ['Biology 10.1', 'BIO-10.1.2.'],
      ['Chemistry', 'CHE 1e5'],
      ['Infinite series', 'MATH-INF'],
      ['Banana studies', 'NAN1'],
      ['History 2', 'H2'],
      ['Rates 50% off', 'RATE_50\\B'],
    ]) {
      await site.createCourse(fullname ?? '', shortname ?? '');
    }
    admin = await site.sessionFor(site.adminId);
    const saved = await call<{ id: number }>(site, admin, 'block_configurable_reports_save_report', {
      id: 0,
      name: 'Courses',
      querysql: 'SELECT id, shortname, fullname, category, sortorder FROM course',
      contextid: (await getSystemContext(site.platform.db)).id,
      capability: 'block/configurable_reports:viewreports',
    });
    reportId = saved.data?.id ?? 0;
  });
  afterAll(() => site.close());

  const run = async (args: Record<string, unknown>) => (await call<Run>(site, admin, 'block_configurable_reports_run_report', { id: reportId, mode: 'server', start: 0, length: 100, ...args })).data;

  it('finds the same rows as a case-insensitive text match over every column', async () => {
    const all = (await run({}))?.data ?? [];
    expect(all.length).toBeGreaterThan(5);
    const matching = (term: string, columns?: number[]) =>
      all.filter((row) => row.some((cell, i) => (columns === undefined || columns.includes(i)) && String(cell ?? '').toLowerCase().includes(term.toLowerCase()))).length;
    for (const term of ['1', '10.1.2.', '.1', 'e', 'E5', 'inf', 'nan', 'x', 'bio', 'BiO', '-', '2', '%', '_', 'o_', 'Bio%', 'b\\', '0%', 'e_5', '_50\\b']) {
      const searched = await run({ search: term });
      expect(searched?.recordsFiltered, `search "${term}"`).toBe(matching(term));
      // The total is counted beside the search, on a second reader.
      expect(searched?.recordsTotal, `total beside "${term}"`).toBe(all.length);
    }
    for (const term of ['1', 'a', '0.']) {
      expect((await run({ columnsearch: [term, '', '', '', ''] }))?.recordsFiltered, `id column "${term}"`).toBe(matching(term, [0]));
      expect((await run({ columnsearch: ['', term, '', '', ''] }))?.recordsFiltered, `shortname column "${term}"`).toBe(matching(term, [1]));
    }
  });

  it('answers each of many searches sent at once, the same ones alike and the different ones apart', async () => {
    const terms = ['bio', 'bio', 'bio', 'nan', 'nan', 'e', 'bio', 'nan', 'e', 'x'];
    const alone = new Map<string, Run | undefined>();
    for (const term of new Set(terms)) alone.set(term, await run({ search: term }));
    const together = await Promise.all(terms.map((term) => run({ search: term })));
    together.forEach((answer, i) => expect(answer, `search "${terms[i]}" among the others`).toEqual(alone.get(terms[i] ?? '')));
    expect(new Set(together.map((a) => a?.recordsFiltered)).size).toBeGreaterThan(1);
  });

  it('answers the same page and counts with a second session for the count as without one', async () => {
    const session = await openReadOnly(site.platform.db, site.platform.dialect, site.platform.config.databaseUrl, 5000);
    const spare = await session.spare();
    expect(spare).toBeDefined();
    try {
      const values = { userid: site.adminId, courseid: 0, starttime: 0, endtime: 0 };
      const prepared = await PreparedReport.prepare(session, 'SELECT id, shortname, fullname FROM course', values);
      const request = (more: Partial<TableRequest>): TableRequest => ({ start: 0, length: 3, sort: [], search: '', columnsearch: [], ...more });
      for (const asked of [
        request({ search: 'bio' }),
        request({ search: 'e', sort: [{ column: 1, dir: 'desc' }] }),
        request({ search: 'e', start: 2 }),
        request({ search: 'e', start: 500 }),
        request({ columnsearch: ['', 'h'] }),
        request({ search: 'nothing like it' }),
        request({}),
      ]) {
        const alone = await prepared.page(values, asked);
        expect(await prepared.page(values, asked, spare), JSON.stringify(asked)).toEqual(alone);
        if (asked.search === 'e' && asked.start === 0) expect(alone.recordsFiltered).toBeLessThan(alone.recordsTotal);
      }
    } finally {
      await spare?.close();
      await session.close();
    }
  });

  it('shows beside a search the total an unsearched page counted moments before, and counts afresh for an unsearched page', async () => {
    const before = (await run({}))?.recordsTotal ?? 0;
    await site.createCourse('Added while searching', 'ADDED-1');
    const searched = await run({ search: 'added' });
    expect(searched?.recordsFiltered).toBe(1);
    expect(searched?.recordsTotal).toBe(before);
    expect((await run({}))?.recordsTotal).toBe(before + 1);
    expect((await run({ search: 'added' }))?.recordsTotal).toBe(before + 1);
  });
});
