import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  modFeedbackGetFeedbackAccessInformation,
  modFeedbackGetPageItems,
  modFeedbackGetUnfinishedResponses,
  modFeedbackLaunchFeedback,
  modFeedbackProcessPage,
  type FeedbackItem,
} from '../../../api/feedback';
import { Loading } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { ErrorSummary } from '../../platform/FormField';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { FeedbackPage, WithFeedback, type FeedbackScreen } from './FeedbackPage';
import { answerError, ItemField } from './ItemField';
import { FEEDBACK_STRINGS } from './strings';

/** `/mod/feedback/complete.php?id=<cmid>`: a learner answers the questions page by page and submits. */
export function FeedbackComplete() {
  return <WithFeedback>{(screen) => <Complete {...screen} />}</WithFeedback>;
}

type Answers = Record<number, string[]>;

function Complete({ cm, feedback }: FeedbackScreen) {
  const s = useStrings('mod_feedback', FEEDBACK_STRINGS);
  const feedbackid = feedback.id;
  const launch = useWsQuery(modFeedbackLaunchFeedback, { feedbackid }, { meta: { quiet: true }, staleTime: Infinity, gcTime: 0 });
  const saved = useWsQuery(modFeedbackGetUnfinishedResponses, { feedbackid }, { meta: { quiet: true }, staleTime: Infinity, gcTime: 0 });
  const [chosenPage, setPage] = useState<number | null>(null);
  const [edits, setEdits] = useState<Answers>({});
  const [finished, setFinished] = useState<string | null>(null);
  // One key for this round of answering: a repeated final submit is recognised and not stored twice.
  const [submissionkey] = useState(() => crypto.randomUUID());
  const page = chosenPage ?? launch.data?.gopage ?? null;
  const answers = useMemo(() => {
    if (!saved.data) return null;
    const out: Answers = {};
    for (const r of saved.data.responses) out[r.item] = r.value === '' ? [] : r.value.split('|');
    return { ...out, ...edits };
  }, [saved.data, edits]);

  const back = <Link to={relativeUrl('/mod/feedback/view.php', { id: cm.id })}>{s('backtofeedback')}</Link>;
  const refusal = launch.error ?? saved.error;
  if (refusal) {
    return (
      <FeedbackPage cm={cm} subpage={s('answerquestions')}>
        <div className="alert alert-error" role="alert">
          <div className="alert-message">{refusal.message}</div>
        </div>
        <p>{back}</p>
      </FeedbackPage>
    );
  }
  if (finished !== null) {
    return (
      <FeedbackPage cm={cm} subpage={s('answerquestions')}>
        <section className="card feedback-done" role="status">
          <p className="alert alert-success">{s('completedthanks')}</p>
          {finished && <div className="rich-text" dangerouslySetInnerHTML={{ __html: finished }} />}
        </section>
        <p>{back}</p>
      </FeedbackPage>
    );
  }
  if (page === null || answers === null) return <Loading />;
  return (
    <FeedbackPage cm={cm} subpage={s('answerquestions')}>
      <p className="muted">{feedback.anonymous === 1 ? s('mode_anonymous_info') : s('mode_named_info')}</p>
      <AnswerPage
        key={page}
        feedbackid={feedbackid}
        page={page}
        answers={answers}
        submissionkey={submissionkey}
        onAnswers={(changes) => setEdits((a) => ({ ...a, ...changes }))}
        onPage={setPage}
        onFinished={setFinished}
      />
    </FeedbackPage>
  );
}

interface AnswerPageProps {
  feedbackid: number;
  page: number;
  answers: Answers;
  submissionkey: string;
  onAnswers: (changes: Answers) => void;
  onPage: (page: number) => void;
  onFinished: (completionpage: string) => void;
}

function AnswerPage({ feedbackid, page, answers, submissionkey, onAnswers, onPage, onFinished }: AnswerPageProps) {
  const s = useStrings('mod_feedback', FEEDBACK_STRINGS);
  const m = useStrings('moodle', ['pageof']);
  const items = useWsQuery(modFeedbackGetPageItems, { feedbackid, page }, { meta: { quiet: true } });
  const process = useWsMutation(modFeedbackProcessPage, [modFeedbackGetFeedbackAccessInformation], { quiet: true });
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  if (items.error) {
    return (
      <div className="alert alert-error" role="alert">
        <div className="alert-message">{items.error.message}</div>
      </div>
    );
  }
  if (items.isPending) return <Loading />;
  const { hasprevpage, hasnextpage, pagecount } = items.data;
  const pageItems: FeedbackItem[] = items.data.items;
  const responses = () =>
    pageItems.flatMap((item) => {
      const value = (answers[item.id] ?? []).filter((v) => v.trim() !== '');
      if (item.typ === 'multichoice') return value.map((v, i) => ({ name: `multichoice_${item.id}[${i}]`, value: v }));
      if (item.typ === 'label' || item.typ === 'info' || item.typ === 'pagebreak') return [];
      return [{ name: `${item.typ}_${item.id}`, value: value[0] ?? '' }];
    });
  const send = (goprevious: boolean) => {
    if (!goprevious) {
      const found: Record<number, string> = {};
      for (const item of pageItems) {
        const error = answerError(item, answers[item.id] ?? [], s);
        if (error) found[item.id] = error;
      }
      setErrors(found);
      setFormError(undefined);
      if (Object.keys(found).length > 0) return;
    }
    process.mutate(
      { feedbackid, page, responses: goprevious ? [] : responses(), goprevious, submissionkey: hasnextpage || goprevious ? '' : submissionkey },
      {
        onSuccess: (answer) => {
          if (answer.completed) onFinished(answer.completionpagecontents);
          else onPage(answer.jumpto);
        },
        onError: (error) => {
          const byName = new Map(pageItems.map((i) => [`${i.typ}_${i.id}`, i.id]));
          const found: Record<number, string> = {};
          if (error instanceof AjaxError) for (const f of error.fielderrors ?? []) if (byName.has(f.field)) found[byName.get(f.field)!] = f.message;
          setErrors(found);
          setFormError(Object.keys(found).length > 0 ? undefined : error.message);
        },
      },
    );
  };
  const summary = [formError, ...(Object.keys(errors).length > 0 ? [s('answersneedattention')] : [])];
  return (
    <form
      className="card feedback-form form-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send(false);
      }}
    >
      {pagecount > 1 && <p className="feedback-pageof muted small">{m('pageof', { page: page + 1, pages: pagecount })}</p>}
      <ErrorSummary title={s('formerrors')} errors={summary} />
      {pageItems.some((i) => i.required) && <p className="muted small">{s('requiredhint')}</p>}
      {pageItems.map((item) => (
        <ItemField key={item.id} item={item} value={answers[item.id] ?? []} error={errors[item.id]} onChange={(value) => onAnswers({ [item.id]: value })} s={s} />
      ))}
      <div className="form-actions feedback-actions">
        {hasprevpage && (
          <PendingButton className="btn btn-secondary" isPending={process.isPending && process.variables?.goprevious === true} isDisabled={process.isPending} onPress={() => send(true)}>
            {s('previouspage')}
          </PendingButton>
        )}
        <PendingButton isPending={process.isPending && process.variables?.goprevious !== true} isDisabled={process.isPending} type="submit" className="btn btn-primary">
          {hasnextpage ? s('nextpage') : s('submitanswers')}
        </PendingButton>
      </div>
    </form>
  );
}
