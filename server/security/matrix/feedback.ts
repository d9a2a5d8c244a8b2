import { callAs } from '../../components/tag/fixtures';
import { COURSE_EDITORS, COURSE_MEMBERS, COURSE_STAFF, type MatrixFixture, type MatrixRole, type PermissionDeclarations } from './types';

type Added = { cmid: number; instance: number };
type SavedItem = { item: { id: number } };

/** A named, open feedback in MX101 that may be answered repeatedly, with one required short text question. */
function feedback(fx: MatrixFixture): Promise<Added & { itemid: number }> {
  return fx.once('feedback:feedback', async () => {
    const added = await fx.admin<Added>('mod_feedback_add_instance', { courseid: fx.courseid, section: 1, name: 'Matrix feedback', anonymous: 2, multiple_submit: 1 });
    const saved = await fx.admin<SavedItem>('mod_feedback_save_item', { feedbackid: added.instance, typ: 'textfield', name: 'Your name for it', required: 1 });
    return { ...added, itemid: saved.item.id };
  });
}

const feedbackid = async (fx: MatrixFixture) => (await feedback(fx)).instance;

/** A fresh label to delete or move, so each call has its own target. */
async function freshItem(fx: MatrixFixture): Promise<{ feedbackid: number; itemid: number }> {
  const id = await feedbackid(fx);
  const saved = await fx.admin<SavedItem>('mod_feedback_save_item', { feedbackid: id, typ: 'label', text: `<p>Label ${fx.unique()}</p>` });
  return { feedbackid: id, itemid: saved.item.id };
}

async function courseTemplate(fx: MatrixFixture): Promise<{ feedbackid: number; templateid: number }> {
  const id = await feedbackid(fx);
  const saved = await fx.admin<{ template: { id: number } }>('mod_feedback_save_template', { feedbackid: id, name: `Matrix template ${fx.unique()}` });
  return { feedbackid: id, templateid: saved.template.id };
}

const settings = { name: 'Matrix feedback', anonymous: 2 };
const answerers: readonly MatrixRole[] = ['student', 'admin'];

export const feedbackDeclarations: PermissionDeclarations = {
  mod_feedback_add_instance: { allowed: COURSE_EDITORS, args: (fx) => ({ courseid: fx.courseid, section: 1, ...settings }) },
  mod_feedback_update_instance: { allowed: COURSE_EDITORS, args: async (fx) => ({ cmid: (await feedback(fx)).cmid, ...settings }) },
  mod_feedback_get_feedback: { allowed: COURSE_MEMBERS, args: async (fx) => ({ cmid: (await feedback(fx)).cmid }) },
  mod_feedback_get_feedback_access_information: { allowed: COURSE_MEMBERS, args: async (fx) => ({ feedbackid: await feedbackid(fx) }) },
  mod_feedback_get_items: {
    allowed: COURSE_MEMBERS,
    why: 'Learners who may answer (mod/feedback:complete), editors (edititems) and teachers (viewreports) read the questions.',
    args: async (fx) => ({ feedbackid: await feedbackid(fx) }),
  },
  mod_feedback_save_item: { allowed: COURSE_EDITORS, args: async (fx) => ({ feedbackid: await feedbackid(fx), typ: 'textarea', name: `Comment ${fx.unique()}` }) },
  mod_feedback_delete_item: { allowed: COURSE_EDITORS, args: (fx) => freshItem(fx) },
  mod_feedback_move_item: { allowed: COURSE_EDITORS, args: async (fx) => ({ ...(await freshItem(fx)), position: 1 }) },
  mod_feedback_get_templates: { allowed: COURSE_EDITORS, args: async (fx) => ({ feedbackid: await feedbackid(fx) }) },
  mod_feedback_save_template: {
    allowed: COURSE_EDITORS,
    why: 'A course template needs mod/feedback:edititems and mod/feedback:createprivatetemplate (editing teachers and managers).',
    args: async (fx) => ({ feedbackid: await feedbackid(fx), name: `Saved ${fx.unique()}` }),
  },
  mod_feedback_use_template: { allowed: COURSE_EDITORS, args: async (fx) => ({ ...(await courseTemplate(fx)), mode: 'append' }) },
  mod_feedback_delete_template: { allowed: COURSE_EDITORS, args: (fx) => courseTemplate(fx) },
  mod_feedback_launch_feedback: { allowed: answerers, why: 'Only those who may answer (mod/feedback:complete: students; the admin holds every capability).', args: async (fx) => ({ feedbackid: await feedbackid(fx) }) },
  mod_feedback_get_page_items: {
    allowed: ['student', 'editingteacher', 'manager', 'admin'],
    why: 'Those who answer (mod/feedback:complete) and those who edit the questions (mod/feedback:edititems); a non-editing teacher does neither.',
    args: async (fx) => ({ feedbackid: await feedbackid(fx), page: 0 }),
  },
  mod_feedback_get_unfinished_responses: { allowed: answerers, args: async (fx) => ({ feedbackid: await feedbackid(fx) }) },
  mod_feedback_process_page: {
    allowed: answerers,
    args: async (fx) => {
      const f = await feedback(fx);
      return { feedbackid: f.instance, page: 0, responses: [{ name: `textfield_${f.itemid}`, value: `Answer ${fx.unique()}` }] };
    },
  },
  mod_feedback_get_analysis: {
    allowed: COURSE_STAFF,
    why: 'mod/feedback:viewreports; learners see the analysis only when the feedback publishes it, which this one does not.',
    args: async (fx) => ({ feedbackid: await feedbackid(fx) }),
  },
  mod_feedback_get_responses_analysis: { allowed: COURSE_STAFF, args: async (fx) => ({ feedbackid: await feedbackid(fx), perpage: 10 }) },
  mod_feedback_delete_response: {
    allowed: COURSE_EDITORS,
    why: 'mod/feedback:deletesubmissions belongs to editing teachers and managers.',
    args: async (fx) => ({ feedbackid: await feedbackid(fx), completedid: await freshResponse(fx) }),
  },
};

/** A response of a new MX101 student to the shared feedback, to delete. */
async function freshResponse(fx: MatrixFixture): Promise<number> {
  const id = await feedbackid(fx);
  const { itemid } = await feedback(fx);
  const userid = await fx.newUser('student');
  const session = await fx.site.sessionFor(userid);
  const answered = await callAs(fx.site, session, 'mod_feedback_process_page', { feedbackid: id, page: 0, responses: [{ name: `textfield_${itemid}`, value: `Answer ${fx.unique()}` }] });
  if (answered.error) throw new Error('matrix: the student could not answer the feedback');
  const row = await fx.site.platform.db.selectFrom('feedback_completed').select('id').where('feedback', '=', id).where('userid', '=', userid).executeTakeFirstOrThrow();
  return row.id;
}
