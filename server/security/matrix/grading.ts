import { createPageActivity } from '../../components/tag/fixtures';
import { COURSE_EDITORS, type MatrixFixture, type PermissionDeclarations } from './types';

/** A page activity in MX101 whose 'submissions' area gets a marking guide. */
function guidedActivity(fx: MatrixFixture): Promise<number> {
  return fx.once('grading:activity', () => createPageActivity(fx.site, fx.courseid, 'Matrix guided page'));
}

export const gradingDeclarations: PermissionDeclarations = {
  core_grading_get_definitions: {
    allowed: COURSE_EDITORS,
    why: 'Definitions (with the markers descriptions) are for those who manage grading forms, as in Moodle; markers get the guide with the grading panel.',
    args: async (fx) => ({ cmids: [await guidedActivity(fx)] }),
  },
  core_grading_save_guide: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({
      cmid: await guidedActivity(fx),
      name: 'Matrix guide',
      criteria: [{ id: 0, shortname: `Criterion ${fx.unique()}`, description: '', descriptionmarkers: '', maxscore: 10 }],
      comments: [{ id: 0, description: 'Well done' }],
      status: 20,
    }),
  },
};
