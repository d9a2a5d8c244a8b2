import * as assign from './assign';
import * as cohort from './cohort';
import * as competency from './competency';
import * as completion from './completion';
import { isContract, type MethodContract } from './contract';
import * as core from './core';
import * as course from './course';
import * as courseformat from './courseformat';
import * as enrol from './enrol';
import * as feedback from './feedback';
import * as grades from './grades';
import * as grading from './grading';
import * as group from './group';
import * as grouping from './grouping';
import * as identity from './identity';
import * as lang from './lang';
import * as loginas from './loginas';
import * as lti from './lti';
import * as message from './message';
import * as page from './page';
import * as question from './question';
import * as quiz from './quiz';
import * as role from './role';
import * as roleoverride from './roleoverride';
import * as tag from './tag';
import * as url from './url';
import * as user from './user';
import * as userupload from './userupload';
import * as report from './report';
import * as navigation from './navigation';
import * as templatelibrary from './templatelibrary';
import * as plans from './plans';
import * as usercompetency from './usercompetency';
import * as coursecompetency from './coursecompetency';
import * as userevidence from './userevidence';
import * as theme from './theme';

/** The contract modules; a new `api/<area>.ts` is added here. */
const modules: ReadonlyArray<Record<string, unknown>> = [core, lang, course, courseformat, user, identity, loginas, userupload, group, grouping, page, url, enrol, cohort, message, tag, role, roleoverride, grades, grading, assign, feedback, lti, question, quiz, competency, report, navigation, templatelibrary, plans, usercompetency, coursecompetency, userevidence, theme, completion];

/** Every web-service contract, for the documentation page: each contract any module exports. */
export const allContracts: readonly MethodContract[] = modules.flatMap((m) => Object.values(m).filter(isContract));
