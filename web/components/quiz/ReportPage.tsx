import { attemptSortColumns, modQuizGetAttemptsReport, modQuizRegradeAttempts, type Quiz, type ReportRow } from '../../../api/quiz';
import type { ArgsOf, ResultOf } from '../../../api/contract';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading } from '../../app/Page';
import { formatDateTime, formatNumber } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { ReportTable } from '../../platform/ReportTable';
import type { TableColumn, TableRequest } from '../../platform/ReportTableColumns';
import { useTableMessages } from '../../platform/ReportTableMessages';
import { useWsTableSource, wsPage } from '../../platform/tablesource';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import { QuizPage, useCmid, WithQuiz } from './QuizFrame';
import { QUIZ_STRINGS } from './strings';

type Report = ResultOf<typeof modQuizGetAttemptsReport>;
type Sorts = NonNullable<ArgsOf<typeof modQuizGetAttemptsReport>['sorts']>;
/** A question's mark sorts under the key `mark:<slot>`. */
const MARK = 'mark:';

/** The table's sorts in the method's terms; a question's column carries its slot. */
function attemptSorts(request: TableRequest): Sorts {
  return request.sort.flatMap((s): Sorts => {
    if (s.key?.startsWith(MARK)) return [{ column: 'mark', slot: Number(s.key.slice(MARK.length)), direction: s.dir }];
    const column = attemptSortColumns.find((c) => c === s.key);
    return column ? [{ column, direction: s.dir }] : [];
  });
}

/** One page as the report table asks for it (module functions: the source does not watch them). */
const toArgs = (request: TableRequest, filters: { quizid: number }): ArgsOf<typeof modQuizGetAttemptsReport> => ({
  quizid: filters.quizid,
  search: request.search,
  ...wsPage(request),
  sorts: attemptSorts(request),
});
const toPage = (answer: Report) => ({ data: answer.rows, recordsFiltered: answer.total });

/** `/mod/quiz/report.php?id=<cmid>`: every attempt with its grade and the mark of each question; regrade all. */
export function ReportPage() {
  const cmid = useCmid('id');
  return <WithQuiz cmid={cmid}>{(cm, quiz) => <AttemptsReport cm={cm} quiz={quiz} />}</WithQuiz>;
}

function AttemptsReport({ cm, quiz }: { cm: ModuleInfo; quiz: Quiz }) {
  const s = useStrings('mod_quiz', QUIZ_STRINGS);
  const names = useStrings('core_user', ['firstname', 'lastname']);
  // The questions (the table's columns), the grade and whether there is any attempt: the smallest answer, before the table.
  const probe = useWsQuery(modQuizGetAttemptsReport, { quizid: quiz.id, perpage: 1 });
  const source = useWsTableSource(modQuizGetAttemptsReport, { quizid: quiz.id }, toArgs, toPage);
  const regrade = useWsMutation(modQuizRegradeAttempts, [modQuizGetAttemptsReport]);
  const messages = useTableMessages();
  if (probe.error) return <ErrorPage message={probe.error.message} />;
  if (probe.isPending) return <Loading />;
  const r = probe.data;
  const run = (dryrun: boolean) =>
    regrade.mutate({ quizid: quiz.id, dryrun }, { onSuccess: (done) => void addNotification({ message: s(dryrun ? 'regradedryrundone' : 'regradedone', done), type: dryrun ? 'info' : 'success' }) });
  const actions = (
    <div className="quiz-actions">
      <PendingButton isPending={regrade.isPending && regrade.variables?.dryrun === true} pendingKind="working" className="btn btn-secondary" isDisabled={regrade.isPending || r.total === 0} onPress={() => run(true)}>
        {s('regradedryrun')}
      </PendingButton>
      <PendingButton isPending={regrade.isPending && regrade.variables?.dryrun !== true} className="btn btn-secondary" isDisabled={regrade.isPending || r.total === 0} onPress={() => run(false)}>
        {s('regradeall')}
      </PendingButton>
    </div>
  );
  return (
    <QuizPage cm={cm} subpage={s('attemptsreport')} actions={actions}>
      {r.total === 0 ? (
        <p className="card quiz-empty">{s('noattempts')}</p>
      ) : (
        <section className="card quiz-report" aria-label={s('attemptsreport')}>
          <ReportTable
            stateId={`quizattempts${quiz.id}`}
            caption={s('attemptsreport')}
            columns={attemptColumns(s, names, r, cm.id)}
            messages={messages}
            {...source}
            rowKey={(row) => row.attemptid}
          />
        </section>
      )}
    </QuizPage>
  );
}

const dash = (value: number | null | undefined, decimals: number) => (value === null || value === undefined ? '-' : formatNumber(value, decimals));

/** The report's columns: learner, attempt, state, times, grade, then one per question. */
function attemptColumns(s: StringLookup, names: StringLookup, r: Report, cmid: number): Array<TableColumn<ReportRow>> {
  const markOf = (row: ReportRow, slot: number) => row.marks.find((m) => m.slot === slot)?.mark ?? null;
  return [
    {
      header: s('name'),
      rowHeader: true,
      hideable: false,
      searchable: false,
      sortOptions: [
        { key: 'firstname', label: names('firstname') },
        { key: 'lastname', label: names('lastname') },
      ],
      value: (row) => row.fullname,
    },
    {
      header: s('attempt'),
      key: 'attempt',
      searchable: false,
      numeric: false,
      value: (row) => row.attempt,
      cell: (row) => (row.state === 'finished' ? <a href={relativeUrl('/mod/quiz/review.php', { attempt: row.attemptid, cmid })}>{row.attempt}</a> : row.attempt),
    },
    { header: s('state'), key: 'state', searchable: false, value: (row) => s(`state${row.state}`) },
    { header: s('startedon'), key: 'timestart', searchable: false, numeric: false, nowrap: true, value: (row) => row.timestart, cell: (row) => formatDateTime(row.timestart) },
    { header: s('completedon'), key: 'timefinish', searchable: false, numeric: false, nowrap: true, value: (row) => row.timefinish, cell: (row) => formatDateTime(row.timefinish) },
    {
      header: s('gradeoutof', formatNumber(r.grade, r.decimalpoints)),
      key: 'grade',
      searchable: false,
      numeric: true,
      value: (row) => row.grade,
      cell: (row) => dash(row.grade, r.decimalpoints),
    },
    ...r.slots.map(
      (slot): TableColumn<ReportRow> => ({
        header: `Q${slot.slot} /${formatNumber(slot.maxmark, 2)}`,
        key: `${MARK}${slot.slot}`,
        searchable: false,
        numeric: true,
        value: (row) => markOf(row, slot.slot),
        cell: (row) => dash(markOf(row, slot.slot), 2),
      }),
    ),
  ];
}
