import {
  coreCompletionGetActivitiesCompletionStatus,
  coreCompletionGetCourseCompletionStatus,
  coreCompletionUpdateActivityCompletionStatusManually,
  type ActivityCompletionStatus,
} from '../../../api/completion';
import { config } from '../../platform/config';
import { useWsMutation, useWsQuery } from '../../platform/query';

/** My completion of the course's tracked activities, by course module id (empty when completion is off). */
export function useMyCompletion(courseid: number): Map<number, ActivityCompletionStatus> {
  const userid = config().userid;
  // Failing (not allowed in the course), the page simply shows no completion.
  const query = useWsQuery(coreCompletionGetActivitiesCompletionStatus, { courseid, userid }, { enabled: userid > 0 && courseid > 0, meta: { quiet: true }, retry: false });
  return new Map((query.data?.statuses ?? []).map((s) => [s.cmid, s]));
}

/** Ticks or unticks a manual activity; the statuses are read again afterwards. */
export function useToggleCompletion() {
  return useWsMutation(coreCompletionUpdateActivityCompletionStatusManually, [coreCompletionGetActivitiesCompletionStatus, coreCompletionGetCourseCompletionStatus]);
}
