import { useState } from 'react';
import { modFeedbackGetResponsesAnalysis, type FeedbackItem } from '../../../api/feedback';
import { Loading } from '../../app/Page';
import { PageSizeSelect, Pager } from '../../platform/Pager';
import { useWsQuery } from '../../platform/query';
import { formatDateTime } from '../../platform/intl';
import { useStrings } from '../../platform/useStrings';
import { itemTitle } from './ItemPreview';
import { FEEDBACK_STRINGS } from './strings';

const PAGE_SIZES = [10, 20, 50, 100] as const;
type PageSize = (typeof PAGE_SIZES)[number];

/** The responses, one row each and one column per question: with names for a named feedback, numbered for an anonymous one. */
export function ResponsesTable({ feedbackid, anonymous, items }: { feedbackid: number; anonymous: boolean; items: readonly FeedbackItem[] }) {
  const s = useStrings('mod_feedback', FEEDBACK_STRINGS);
  const [page, setPage] = useState(0);
  const [perpage, setPerpage] = useState<PageSize>(20);
  const data = useWsQuery(modFeedbackGetResponsesAnalysis, { feedbackid, page, perpage }, { placeholderData: (previous) => previous });
  if (data.isPending) return <Loading />;
  if (data.error) return null;
  const rows = anonymous
    ? data.data.anonattempts.map((r) => ({ id: r.id, who: `${s('responsenumber')} ${r.number}`, time: '', responses: r.responses }))
    : data.data.attempts.map((r) => ({ id: r.id, who: r.fullname, time: formatDateTime(r.timemodified), responses: r.responses }));
  const total = anonymous ? data.data.totalanonattempts : data.data.totalattempts;
  const heading = anonymous ? s('anonymousresponses') : s('responses');
  return (
    <section className="card feedback-responses" aria-label={heading}>
      <h2>{heading}</h2>
      {anonymous && <p className="muted small">{s('nonamedresponses')}</p>}
      {total === 0 ? (
        <p className="feedback-empty">{s('noresponses')}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="table feedback-responses-table">
              <caption className="visually-hidden">{heading}</caption>
              <thead>
                <tr>
                  <th scope="col">{anonymous ? s('responsenumber') : s('fullname')}</th>
                  {!anonymous && <th scope="col">{s('timesubmitted')}</th>}
                  {items.map((item) => (
                    <th scope="col" key={item.id}>
                      {itemTitle({ ...item, itemnumber: null }, s)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">{row.who}</th>
                    {!anonymous && <td>{row.time}</td>}
                    {row.responses.map((r) => (
                      <td key={r.name}>{r.printval}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="feedback-paging">
            <Pager page={page} pages={Math.ceil(total / perpage)} onChange={setPage} />
            <PageSizeSelect
              id="feedback-perpage"
              label={s('perpage')}
              value={perpage}
              sizes={PAGE_SIZES}
              onChange={(size) => {
                setPerpage(size);
                setPage(0);
              }}
            />
          </div>
        </>
      )}
    </section>
  );
}
