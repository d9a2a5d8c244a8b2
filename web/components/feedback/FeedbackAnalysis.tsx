import { modFeedbackGetAnalysis } from '../../../api/feedback';
import type { ResultOf } from '../../../api/contract';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading } from '../../app/Page';
import { formatNumber } from '../../platform/intl';
import { useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { BarChart } from './BarChart';
import { FeedbackPage, WithFeedback, type FeedbackScreen } from './FeedbackPage';
import { itemTitle } from './ItemPreview';
import { ResponsesTable } from './ResponsesTable';
import { FEEDBACK_STRINGS } from './strings';

type ItemData = ResultOf<typeof modFeedbackGetAnalysis>['itemsdata'][number];

/** `/mod/feedback/analysis.php?id=<cmid>`: results per question with charts and averages; for teachers the responses and the CSV export. */
export function FeedbackAnalysis() {
  return <WithFeedback>{(screen) => <Analysis {...screen} />}</WithFeedback>;
}

function Analysis({ cm, feedback, access }: FeedbackScreen) {
  const s = useStrings('mod_feedback', FEEDBACK_STRINGS);
  const e = useStrings('error', ['nopermissions']);
  const analysis = useWsQuery(modFeedbackGetAnalysis, { feedbackid: feedback.id }, { enabled: access.canviewanalysis, meta: { quiet: true } });
  if (!access.canviewanalysis) return <ErrorPage message={e('nopermissions', s('analysis'))} />;
  if (analysis.error) return <ErrorPage message={analysis.error.message} />;
  const actions = access.canviewreports ? (
    <a className="btn btn-secondary" href={`/mod/feedback/export.php?id=${cm.id}`} download>
      {s('exportcsv')}
    </a>
  ) : undefined;
  return (
    <FeedbackPage cm={cm} subpage={s('analysis')} actions={actions}>
      {analysis.isPending ? (
        <Loading />
      ) : (
        <>
          <dl className="card feedback-facts feedback-totals">
            <div>
              <dt>{s('completedcount')}</dt>
              <dd>{analysis.data.completedcount}</dd>
            </div>
            <div>
              <dt>{s('questionscount')}</dt>
              <dd>{analysis.data.itemscount}</dd>
            </div>
          </dl>
          {analysis.data.itemsdata.map((d) => (
            <ItemResult key={d.item.id} data={d} s={s} />
          ))}
          {access.canviewreports && <ResponsesTable feedbackid={feedback.id} anonymous={feedback.anonymous === 1} items={analysis.data.itemsdata.map((d) => d.item)} candelete={access.candeletesubmissions} />}
        </>
      )}
    </FeedbackPage>
  );
}

function ItemResult({ data, s }: { data: ItemData; s: StringLookup }) {
  const { item } = data;
  const title = itemTitle(item, s);
  return (
    <section className="card feedback-result" aria-label={title}>
      <h2 className="feedback-result-title">{title}</h2>
      {item.label && <p className="muted small">{htmlToText(item.label)}</p>}
      {data.choices ? (
        <BarChart title={title} bars={data.choices.map((c) => ({ label: c.answertext, count: c.answercount, quotient: c.quotient }))} s={s} />
      ) : data.data.length === 0 ? (
        <p className="feedback-empty">{s('noanswers')}</p>
      ) : (
        <>
          {item.typ === 'numeric' && data.average !== null && data.average !== undefined && (
            <p className="feedback-average">
              <strong>{s('average')}:</strong> {formatNumber(data.average, 2, false)}
            </p>
          )}
          <details className="feedback-answers">
            <summary>{s('answercount', data.data.length)}</summary>
            <ul>
              {data.data.map((answer, i) => (
                <li key={i}>{answer}</li>
              ))}
            </ul>
          </details>
        </>
      )}
    </section>
  );
}
