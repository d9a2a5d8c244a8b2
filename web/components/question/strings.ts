import { formatPercent } from '../../platform/intl';

/** The core_question strings of the question bank screens. */
export const QUESTION_STRINGS = [
  'questionbank', 'categories', 'category', 'allcategories', 'addcategory', 'categoryname', 'deletecategory', 'confirmdeletecategory', 'noquestions',
  'noquestionsfound', 'createquestion', 'editquestion', 'newquestion', 'deletequestion', 'confirmdeletequestion', 'questiondeleted', 'questionsaved',
  'questionname', 'questiontext', 'generalfeedback', 'generalfeedback_help', 'defaultmark', 'qtype', 'qtype_multichoice', 'qtype_truefalse',
  'qtype_shortanswer', 'qtype_numerical', 'answerhowmany', 'answersingleyes', 'answersingleno', 'shuffleanswers', 'casesensitive', 'caseno', 'caseyes',
  'wildcardhelp', 'answers', 'answerno', 'choiceno', 'grade', 'feedback', 'tolerance', 'addanswer', 'removeanswer', 'correctanswer', 'true', 'false',
  'feedbacktrue', 'feedbackfalse', 'none', 'name', 'type', 'lastmodified', 'usage', 'actions', 'edit', 'delete', 'cancel', 'savechanges', 'search',
  'required', 'formerrors', 'questioncount', 'questiontextrequired', 'importgifttext', 'importgifthelp', 'import', 'imported',
  'importquestions', 'importformat', 'format_gift', 'format_xml', 'importfile', 'importxmltext', 'importxmlhelp',
] as const;

/** The grade choices of an answer, as Moodle offers them (fractions). */
export const FRACTIONS = [1, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2, 0.1666667, 0.1428571, 0.125, 0.1111111, 0.1, 0.05, 0];

/** A grade choice as a percentage in the page's language ("83.33333%", "83,33333 %", "٨٣٫٣٣٣٣٣٪"), as precise as Moodle shows it. */
export function percent(fraction: number): string {
  return formatPercent(fraction, 5);
}
