import { useState } from 'react';
import { modFeedbackDeleteResponse, modFeedbackGetAnalysis, modFeedbackGetFeedbackAccessInformation, modFeedbackGetResponsesAnalysis, type FeedbackItem } from '../../../api/feedback';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { Loading } from '../../app/Page';
import { PageSizeSelect, Pager } from '../../platform/Pager';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { formatDateTime } from '../../platform/intl';
import { useStrings } from '../../platform/useStrings';
import { itemTitle } from './ItemPreview';
import { FEEDBACK_STRINGS } from './strings';

const PAGE_SIZES = [10, 20, 50, 100] as const;
type PageSize = (typeof PAGE_SIZES)[number];

/** The responses, one row each and one column per question: with names for a named feedback, numbered for an anonymous one. */
export function ResponsesTable({ feedbackid, anonymous, items, candelete }: { feedbackid: number; anonymous: boolean; items: readonly FeedbackItem[]; candelete: boolean }) {
  const s = useStrings('mod_feedback', FEEDBACK_STRINGS);
  const [page, setPage] = useState(0);
  const [perpage, setPerpage] = useState<PageSize>(20);
  const data = useWsQuery(modFeedbackGetResponsesAnalysis, { feedbackid, page, perpage }, { placeholderData: (previous) => previous });
  const remove = useWsMutation(modFeedbackDeleteResponse, [modFeedbackGetResponsesAnalysis, modFeedbackGetAnalysis, modFeedbackGetFeedbackAccessInformation]);
  /** Asks with the response's name first; the analysis and this table reload after. */
  const deleteRow = async (id: number, who: string) => {
    const yes = await confirmDialog({ title: s('deleteresponse'), message: s('confirmdeleteresponse', who), confirmLabel: s('deleteresponse'), cancelLabel: s('cancel'), destructive: true });
    if (yes) remove.mutate({ feedbackid, completedid: id }, { onSuccess: () => void addNotification({ message: s('responsedeleted'), type: 'success' }) });
  };
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
          {/* Wide tables scroll sideways: the scrolling box takes focus so keyboards can scroll it. */}
          <div className="table-scroll" tabIndex={0} role="group" aria-label={heading}>
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
                  {candelete && <th scope="col">{s('actions')}</th>}
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
                    {candelete && (
                      <td>
                        <PendingButton
                          className="btn btn-link btn-link-danger"
                          aria-label={`${s('deleteresponse')}: ${row.who}`}
                          isPending={remove.isPending && remove.variables.completedid === row.id}
                          pendingKind="working"
                          isDisabled={remove.isPending}
                          onPress={() => void deleteRow(row.id, row.who)}
                        >
                          {s('deleteresponse')}
                        </PendingButton>
                      </td>
                    )}
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
