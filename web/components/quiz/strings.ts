/** The mod_quiz strings the quiz screens show (one list, so they arrive in one call). */
export const QUIZ_STRINGS = [
  'timing', 'timeopen', 'timeclose', 'timelimit', 'timelimit_help', 'grading', 'maximumgrade', 'attemptsallowed', 'unlimited', 'grademethod', 'grademethod_help',
  'gradehighest', 'gradeaverage', 'attemptfirst', 'attemptlast', 'decimalpoints', 'layout', 'questionsperpage', 'everyquestion', 'everynquestions', 'never',
  'shufflequestions', 'shuffleanswers', 'extraattemptrestrictions', 'requirepassword', 'requirepassword_help', 'browsersecurity', 'browsersecurity_none',
  'browsersecurity_popup', 'reviewoptionsheading', 'reviewduring', 'reviewimmediately', 'reviewopen', 'reviewclosed', 'reviewattempt', 'reviewcorrectness',
  'reviewmarks', 'reviewspecificfeedback', 'reviewgeneralfeedback', 'reviewrightanswer', 'required', 'formerrors', 'closebeforeopen',
  'summaryofattempts', 'attempt', 'attemptnumber', 'state', 'startedon', 'completedon', 'review', 'yourfinalgradeis', 'attemptquiznow', 'continueattemptquiz',
  'reattemptquiz', 'previewquiznow', 'noattemptsyet', 'startattempt', 'startattemptheader', 'cancel', 'quizpassword', 'confirmstartheader', 'confirmstarttimelimit',
  'popupnotice', 'popupblocked', 'editquiz', 'results', 'questionbank', 'quiznavigation', 'question', 'questionn', 'markedoutof', 'markof', 'flagquestion',
  'previouspage', 'nextpage', 'finishattempt', 'timeleft', 'saving', 'saved', 'savefailed', 'summaryofattempt', 'returnattempt', 'submitallandfinish',
  'confirmsubmit', 'confirmsubmitheader', 'reviewofattempt', 'finishreview', 'rightansweris', 'youranswer', 'feedback', 'generalfeedback', 'numberofquestions',
  'totalmarks', 'addquestions', 'addselected', 'noquestionsinquiz', 'removequestion', 'confirmremovequestion', 'maxmark', 'maxmarkfor', 'maxmarkinvalid', 'save', 'attemptsexist',
  'page', 'attemptsreport', 'noattempts', 'regradeall', 'regradedone', 'name', 'timetaken', 'gradeoutof', 'notfinished', 'selectquestion', 'type', 'back',
  'stateinprogress', 'statefinished', 'stateabandoned', 'gradedright', 'requirepasswordmessage', 'enable', 'grade', 'marks', 'outof', 'answered', 'notyetanswered', 'noquestionsfound', 'true', 'false',
  'stateoverdue', 'overduehandling', 'overduehandling_help', 'overduehandlingautosubmit', 'overduehandlinggraceperiod', 'overduehandlingautoabandon', 'graceperiod',
  'graceperiodtoosmall', 'overduemustbesubmittedby', 'regradedryrun', 'regradedryrundone',
] as const;

/** The four grading methods by their stored numbers. */
export const GRADE_METHOD_STRINGS: Record<number, string> = { 1: 'gradehighest', 2: 'gradeaverage', 3: 'attemptfirst', 4: 'attemptlast' };
