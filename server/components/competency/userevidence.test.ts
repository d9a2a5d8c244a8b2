import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserCompetencySummary } from '../../../api/competencyshapes';
import type { UserEvidence } from '../../../api/userevidence';
import { ensureUserContext } from '../../platform/access/contexts';
import { testDialects } from '../../test/databases';
import { createTestSite } from '../../test/site';
import { storeFile } from '../files/storage';
import { buildPlanWorld, call, countRows, ok, type PlanWorld } from './plan-fixtures';

type EvidencePage = { userevidence: UserEvidence & { usercompetencies: Array<{ competency: { id: number }; usercompetency: { status: number } }>; userhasplan: boolean } };

describe.each(testDialects)('evidence of prior learning on %s', (dialect) => {
  let w: PlanWorld;
  beforeAll(async () => {
    w = await buildPlanWorld(await createTestSite(dialect));
  });
  afterAll(() => w.site.close());

  /** A file in the user's draft area, as the upload route leaves it. */
  async function draftWith(userid: number, filename: string, text: string): Promise<number> {
    const context = await ensureUserContext(w.site.platform.db, userid);
    const itemid = 1000 + Math.floor(Math.random() * 100000);
    await storeFile(w.site.platform.db, w.site.platform.config.filesDir, { contextid: context.id, component: 'user', filearea: 'draft', itemid }, { filename, mimetype: 'text/plain', content: Buffer.from(text), userid });
    return itemid;
  }

  const summary = (competencyid: number) => ok<UserCompetencySummary>(w.site, w.manager, 'tool_lp_data_for_user_competency_summary', { userid: w.learnerId, competencyid });

  it('a learner records evidence with a link, files and competencies; the files download only for those who may see it', async () => {
    const draftitemid = await draftWith(w.learnerId, 'certificate.txt', 'First aid, level 2');
    const [a, b] = [w.children[0]!.id, w.children[1]!.id];
    const evidence = await ok<UserEvidence>(w.site, w.learner, 'core_competency_create_user_evidence', {
      userevidence: { userid: w.learnerId, name: 'First aid course', description: '<p>Two days</p>', url: 'https://example.org/first-aid', draftitemid },
      competencyids: [a, b],
    });
    expect(evidence).toMatchObject({ name: 'First aid course', url: 'https://example.org/first-aid', urlshort: 'example.org/first-aid', canmanage: true, competencycount: 2, filecount: 1, hasurlorfiles: true });
    expect(evidence.files[0]!.filename).toBe('certificate.txt');
    // Linking is logged as evidence on each competency.
    expect((await summary(a)).evidence[0]).toMatchObject({ descidentifier: 'evidence_evidenceofpriorlearninglinked', description: "The evidence of prior learning 'First aid course' was linked." });
    const path = new URL(evidence.files[0]!.url).pathname;
    const download = (cookie?: string) => w.site.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
    const mine = await download(w.learner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toBe('First aid, level 2');
    expect(mine.headers['content-disposition']).toContain('attachment');
    expect((await download(w.manager.cookie)).statusCode).toBe(200);
    expect((await download(w.other.cookie)).statusCode).toBe(404);
    expect((await download(w.teacher.cookie)).statusCode).toBe(404);
    expect((await call(w.site, w.other, 'core_competency_read_user_evidence', { id: evidence.id })).exception?.errorcode).toBe('nopermissions');
    expect((await call(w.site, w.other, 'core_competency_create_user_evidence', { userevidence: { userid: w.learnerId, name: 'Not mine' } })).exception?.errorcode).toBe('nopermissions');
  });

  it('refuses a name that is empty or an address that is not http(s)', async () => {
    const bad = await call(w.site, w.learner, 'core_competency_create_user_evidence', { userevidence: { userid: w.learnerId, name: 'x', url: 'javascript:alert(1)' } });
    expect(bad.exception?.errorcode).toBe('invalidparameter');
    const empty = await call(w.site, w.learner, 'core_competency_create_user_evidence', { userevidence: { userid: w.learnerId, name: '   ' } });
    expect(empty.exception?.errorcode).toBe('invalidparameter');
  });

  it('edits evidence, replacing its files from a draft prepared with a copy of them', async () => {
    const evidence = await ok<UserEvidence>(w.site, w.learner, 'core_competency_create_user_evidence', { userevidence: { userid: w.learnerId, name: 'Portfolio', draftitemid: await draftWith(w.learnerId, 'one.txt', '1') } });
    const draft = await ok<{ itemid: number; files: Array<{ filename: string }> }>(w.site, w.learner, 'core_competency_prepare_user_evidence_files', { id: evidence.id });
    expect(draft.files.map((f) => f.filename)).toEqual(['one.txt']);
    const context = await ensureUserContext(w.site.platform.db, w.learnerId);
    await storeFile(w.site.platform.db, w.site.platform.config.filesDir, { contextid: context.id, component: 'user', filearea: 'draft', itemid: draft.itemid }, { filename: 'two.txt', mimetype: 'text/plain', content: Buffer.from('2'), userid: w.learnerId });
    const updated = await ok<UserEvidence>(w.site, w.learner, 'core_competency_update_user_evidence', { userevidence: { id: evidence.id, name: 'Portfolio 2026', draftitemid: draft.itemid } });
    expect(updated.name).toBe('Portfolio 2026');
    expect(updated.files.map((f) => f.filename)).toEqual(['one.txt', 'two.txt']);
    // Without a draft the files stay.
    expect((await ok<UserEvidence>(w.site, w.learner, 'core_competency_update_user_evidence', { userevidence: { id: evidence.id, name: 'Portfolio' } })).filecount).toBe(2);
    expect((await call(w.site, w.other, 'core_competency_prepare_user_evidence_files', { id: evidence.id })).exception?.errorcode).toBe('nopermissions');
  });

  it('links and unlinks competencies, sends the linked ones for review, lists evidence and deletes it with its links', async () => {
    const evidence = await ok<UserEvidence>(w.site, w.learner, 'core_competency_create_user_evidence', { userevidence: { userid: w.learnerId, name: 'Volunteering' } });
    const c = w.children[2]!.id;
    const link = await ok<{ competencyid: number }>(w.site, w.learner, 'core_competency_create_user_evidence_competency', { userevidenceid: evidence.id, competencyid: c });
    expect(link.competencyid).toBe(c);
    // Linking again answers the same link.
    expect((await ok<{ competencyid: number }>(w.site, w.learner, 'core_competency_create_user_evidence_competency', { userevidenceid: evidence.id, competencyid: c })).competencyid).toBe(c);
    await ok(w.site, w.learner, 'core_competency_create_user_evidence_competency', { userevidenceid: evidence.id, competencyid: w.parent.id });
    // One competency already waiting is left as it is.
    await ok(w.site, w.learner, 'core_competency_user_competency_request_review', { userid: w.learnerId, competencyid: w.parent.id });
    expect(await ok(w.site, w.learner, 'core_competency_request_review_of_user_evidence_linked_competencies', { id: evidence.id })).toBe(true);
    const page = await ok<EvidencePage>(w.site, w.learner, 'tool_lp_data_for_user_evidence_page', { id: evidence.id });
    expect(page.userevidence.usercompetencies.map((u) => u.usercompetency.status)).toEqual([1, 1]);
    expect(await ok(w.site, w.learner, 'core_competency_delete_user_evidence_competency', { userevidenceid: evidence.id, competencyid: c })).toBe(true);
    expect(await ok(w.site, w.learner, 'core_competency_delete_user_evidence_competency', { userevidenceid: evidence.id, competencyid: c })).toBe(true);
    expect((await summary(c)).evidence.map((e) => e.descidentifier).slice(0, 2)).toEqual(['evidence_evidenceofpriorlearningunlinked', 'evidence_evidenceofpriorlearninglinked']);
    const list = await ok<{ evidence: UserEvidence[]; canmanage: boolean }>(w.site, w.learner, 'tool_lp_data_for_user_evidence_list_page', { userid: w.learnerId });
    expect(list.canmanage).toBe(true);
    expect(list.evidence.map((e) => e.name)).toContain('Volunteering');
    expect((await call(w.site, w.other, 'tool_lp_data_for_user_evidence_list_page', { userid: w.learnerId })).exception?.errorcode).toBe('nopermissions');
    expect((await ok<{ canmanage: boolean }>(w.site, w.manager, 'tool_lp_data_for_user_evidence_list_page', { userid: w.learnerId })).canmanage).toBe(true);
    const before = await countRows(w.site, 'competency_userevidence');
    expect((await call(w.site, w.other, 'core_competency_delete_user_evidence', { id: evidence.id })).exception?.errorcode).toBe('nopermissions');
    expect(await ok(w.site, w.learner, 'core_competency_delete_user_evidence', { id: evidence.id })).toBe(true);
    expect(await countRows(w.site, 'competency_userevidence')).toBe(before - 1);
    expect((await summary(w.parent.id)).evidence[0]!.descidentifier).toBe('evidence_evidenceofpriorlearningunlinked');
    expect(await w.site.platform.db.selectFrom('competency_userevidencecomp').select('id').where('userevidenceid', '=', evidence.id).executeTakeFirst()).toBeUndefined();
  });
});
