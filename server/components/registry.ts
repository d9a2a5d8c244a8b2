import type { ComponentDefinition } from '../platform/component';
import { coreComponent } from '../platform/core-component';
import { assignComponent } from './assign/component';
import { cohortComponent } from './cohort/component';
import { courseComponent } from './course/component';
import { filesComponent } from './files/component';
import { gradesComponent } from './grades/component';
import { gradingComponent } from './grading/component';
import { messageComponent } from './message/component';
import { courseformatComponent } from './courseformat/component';
import { enrolComponent } from './enrol/component';
import { feedbackComponent } from './feedback/component';
import { groupComponent } from './group/component';
import { pageComponent } from './page/component';
import { roleComponent } from './role/component';
import { tagComponent } from './tag/component';
import { urlComponent } from './url/component';
import { ltiComponent } from './lti/component';
import { userComponent } from './user/component';
import { questionComponent } from './question/component';
import { quizComponent } from './quiz/component';
import { competencyComponent } from './competency/component';
import { reportComponent } from './report/component';
import { navigationComponent } from './navigation/component';
import { templatelibraryComponent } from './templatelibrary/component';
import { themeComponent } from './theme/component';
import { completionComponent } from './completion/component';

/** Every component of the site, in install order. A new component is added here, last. */
export const components: readonly ComponentDefinition[] = [
  coreComponent,
  courseComponent,
  userComponent,
  groupComponent,
  courseformatComponent,
  pageComponent,
  urlComponent,
  enrolComponent,
  cohortComponent,
  messageComponent,
  filesComponent,
  tagComponent,
  roleComponent,
  gradesComponent,
  gradingComponent,
  assignComponent,
  feedbackComponent,
  ltiComponent,
  questionComponent,
  quizComponent,
  competencyComponent,
  reportComponent,
  navigationComponent,
  templatelibraryComponent,
  themeComponent,
  completionComponent,
];
