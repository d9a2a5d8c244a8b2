import { useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { coreQuestionGetQuestions } from '../../../api/question';
import { modQuizAddQuestions, modQuizGetQuizzesByCourses, modQuizGetStructure, modQuizRemoveSlot, modQuizSetMaxmark, type Quiz } from '../../../api/quiz';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading } from '../../app/Page';
import { confirmDialog, FormDialog } from '../../platform/dialogs';
import { formatNumber } from '../../platform/intl';
import { Pager } from '../../platform/Pager';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import { QuizPage, useCmid, WithQuiz } from './QuizFrame';
import { QUIZ_STRINGS } from './strings';

const PER_PAGE = 20;

/** `/mod/quiz/edit.php?cmid=<cmid>`: the quiz's questions with their marks; add from the bank, remove, change marks. */
export function EditQuizPage() {
  const cmid = useCmid('cmid');
  return <WithQuiz cmid={cmid}>{(cm, quiz) => <EditQuiz cm={cm} quiz={quiz} />}</WithQuiz>;
}

function EditQuiz({ cm, quiz }: { cm: ModuleInfo; quiz: Quiz }) {
  const s = useStrings('mod_quiz', QUIZ_STRINGS);
  const q = useStrings('core_question', ['qtype_multichoice', 'qtype_truefalse', 'qtype_shortanswer', 'qtype_numerical']);
  const structure = useWsQuery(modQuizGetStructure, { quizid: quiz.id });
  const remove = useWsMutation(modQuizRemoveSlot, [modQuizGetStructure, modQuizGetQuizzesByCourses]);
  const [adding, setAdding] = useState(false);
  if (structure.error) return <ErrorPage message={structure.error.message} />;
  if (structure.isPending) return <Loading />;
  const st = structure.data;
  const actions = (
    <div className="quiz-actions">
      <a className="btn btn-secondary" href={relativeUrl('/question/edit.php', { courseid: cm.courseid })}>
        {s('questionbank')}
      </a>
      {st.canedit && (
        <Button className="btn btn-primary" onPress={() => setAdding(true)}>
          {s('addquestions')}
        </Button>
      )}
    </div>
  );
  return (
    <QuizPage cm={cm} subpage={s('editquiz')} actions={actions}>
      <p className="quiz-structure-totals">
        {s('numberofquestions', st.slots.length)} · {s('totalmarks', formatNumber(st.sumgrades, 2))} · {s('maximumgrade')}: {formatNumber(st.grade, 2)}
      </p>
      {!st.canedit && <div className="alert alert-info">{s('attemptsexist')}</div>}
      {st.slots.length === 0 ? (
        <div className="card quiz-empty">
          <p>{s('noquestionsinquiz')}</p>
          <Button className="btn btn-primary" onPress={() => setAdding(true)}>
            {s('addquestions')}
          </Button>
        </div>
      ) : (
        <section className="card">
          <div className="table-scroll">
            <table className="table quiz-structure">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{s('name')}</th>
                  <th scope="col">{s('type')}</th>
                  <th scope="col">{s('maxmark')}</th>
                  {st.canedit && <th scope="col">{s('removequestion')}</th>}
                </tr>
              </thead>
              <tbody>
                {st.slots.map((slot) => (
                  <tr key={slot.slot}>
                    <td>{slot.slot}</td>
                    <th scope="row">
                      {slot.name} <span className="quiz-muted">{s('page', slot.page)}</span>
                    </th>
                    <td>{q(`qtype_${slot.qtype}`)}</td>
                    <td>
                      <MaxmarkEditor s={s} quizid={quiz.id} slot={slot.slot} name={slot.name} value={slot.maxmark} />
                    </td>
                    {st.canedit && (
                      <td>
                        <Button
                          className="btn btn-link btn-link-danger"
                          aria-label={`${s('removequestion')} ${slot.name}`}
                          onPress={() =>
                            void confirmDialog({ title: s('removequestion'), message: s('confirmremovequestion', slot.name), confirmLabel: s('removequestion'), cancelLabel: s('cancel'), destructive: true }).then(
                              (ok) => ok && remove.mutate({ quizid: quiz.id, slot: slot.slot }),
                            )
                          }
                        >
                          {s('removequestion')}
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {adding && <AddQuestionsDialog s={s} courseid={cm.courseid} quizid={quiz.id} existing={st.slots.map((x) => x.questionid)} onClose={() => setAdding(false)} />}
    </QuizPage>
  );
}

/** A mark as typed: digits with a point or the comma many languages write for one; NaN otherwise. */
function parseMark(text: string): number {
  const trimmed = text.trim();
  return /^\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

function MaxmarkEditor({ s, quizid, slot, name, value }: { s: StringLookup; quizid: number; slot: number; name: string; value: number }) {
  const errorId = useId();
  const [text, setText] = useState(value.toFixed(2));
  const set = useWsMutation(modQuizSetMaxmark, [modQuizGetStructure, modQuizGetQuizzesByCourses]);
  const mark = parseMark(text);
  const valid = !Number.isNaN(mark);
  return (
    <form
      className="quiz-maxmark"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) set.mutate({ quizid, slot, maxmark: mark });
      }}
    >
      <input type="text" aria-label={s('maxmarkfor', name)} value={text} inputMode="decimal" aria-invalid={!valid || undefined} aria-describedby={valid ? undefined : errorId} onChange={(e) => setText(e.target.value)} />
      {mark !== value && valid && (
        <PendingButton type="submit" className="btn btn-secondary" isPending={set.isPending}>
          {s('save')}
        </PendingButton>
      )}
      {!valid && (
        <p id={errorId} className="field-error">
          {s('maxmarkinvalid')}
        </p>
      )}
    </form>
  );
}

function AddQuestionsDialog({ s, courseid, quizid, existing, onClose }: { s: StringLookup; courseid: number; quizid: number; existing: number[]; onClose: () => void }) {
  const formId = useId();
  const q = useStrings('core_question', ['qtype_multichoice', 'qtype_truefalse', 'qtype_shortanswer', 'qtype_numerical', 'search', 'noquestions', 'noquestionsfound']);
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const list = useWsQuery(coreQuestionGetQuestions, { courseid, page, perpage: PER_PAGE, search });
  const add = useWsMutation(modQuizAddQuestions, [modQuizGetStructure, modQuizGetQuizzesByCourses]);
  const toggle = (id: number, on: boolean) => setSelected((prev) => (on ? [...prev, id] : prev.filter((x) => x !== id)));
  return (
    <FormDialog
      title={s('addquestions')}
      formId={formId}
      submitLabel={`${s('addselected')} (${selected.length})`}
      cancelLabel={s('cancel')}
      pending={add.isPending}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        if (selected.length) add.mutate({ quizid, questionids: selected }, { onSuccess: onClose });
      }}
    >
      <input type="search" aria-label={q('search')} placeholder={q('search')} value={search} onChange={(e) => (setSearch(e.target.value), setPage(0))} />
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <div className="alert alert-error">{list.error.message}</div>
      ) : list.data.questions.length === 0 ? (
        <p>{search ? q('noquestionsfound') : q('noquestions')}</p>
      ) : (
        <ul className="quiz-pick-list">
          {list.data.questions.map((question) => (
            <li key={question.id}>
              <label className="checkbox">
                <input type="checkbox" disabled={existing.includes(question.id)} checked={existing.includes(question.id) || selected.includes(question.id)} onChange={(e) => toggle(question.id, e.target.checked)} />{' '}
                <strong>{question.name}</strong> <span className="quiz-muted">{q(`qtype_${question.qtype}`)}</span>
                <span className="quiz-pick-preview">{question.preview}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager page={page} pages={Math.ceil(list.data.total / PER_PAGE)} onChange={setPage} />}
    </FormDialog>
  );
}
