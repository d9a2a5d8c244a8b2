import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { coreCourseGetCoursesByField, coreEnrolGetUsersCourses } from '../../../api/course';
import type { ArgsOf } from '../../../api/contract';
import { coreEnrolGetCourseEnrolmentMethods, enrolSelfEnrolUser } from '../../../api/enrol';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { AjaxError, call } from '../../platform/ajax';
import { config } from '../../platform/config';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import './enrol.css';

const STRINGS = ['enrolmeintitle', 'enrolme', 'enrolkey', 'selfenrolunavailable', 'alreadyenrolled', 'gotocourse', 'youenrolled', 'pluginname_self'] as const;

/** `/enrol/index.php?id=…`: enrol yourself in a course (with its key when it has one). */
export function SelfEnrol() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <SelfEnrolPage courseid={id} />;
}

function SelfEnrolPage({ courseid }: { courseid: number }) {
  const s = useStrings('core_enrol', STRINGS);
  const navigate = useNavigate();
  const userid = config().userid;
  const course = useWsQuery(coreCourseGetCoursesByField, { field: 'id', value: courseid }, { meta: { quiet: true } });
  const methods = useWsQuery(coreEnrolGetCourseEnrolmentMethods, { courseid }, { meta: { quiet: true } });
  const mine = useWsQuery(coreEnrolGetUsersCourses, { userid, returnusercount: false });
  // A wrong key is answered next to the field, not in the exception dialogue.
  const enrol = useMutation({ mutationFn: (args: ArgsOf<typeof enrolSelfEnrolUser>) => call(enrolSelfEnrolUser, args), meta: { quiet: true } });
  const [key, setKey] = useState('');
  const [error, setError] = useState('');

  const failure = course.error ?? methods.error;
  if (failure) return <ErrorPage message={failure.message} />;
  if (!course.data || !methods.data || !mine.data) return <Loading />;
  const info = course.data.courses[0];
  if (!info) return <NotFound />;
  const self = methods.data.find((m) => m.type === 'self');
  const enrolled = mine.data.some((c) => c.id === courseid);
  const courseUrl = relativeUrl('/course/view.php', { id: courseid });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    enrol.mutate(
      { courseid, password: key, ...(self ? { instanceid: self.id } : {}) },
      {
        onSuccess: () => {
          void addNotification({ message: s('youenrolled', info?.fullname ?? ''), type: 'success' });
          void navigate(courseUrl);
        },
        onError: (e) => setError(e instanceof AjaxError ? e.message : String(e)),
      },
    );
  }

  return (
    <Page title={s('enrolmeintitle')} breadcrumb={[{ label: info.fullname }]}>
      <section className="card" aria-labelledby="self-enrol-heading">
        <h2 id="self-enrol-heading">{info.fullname}</h2>
        {enrolled ? (
          <p>
            {s('alreadyenrolled')} <Link to={courseUrl}>{s('gotocourse')}</Link>
          </p>
        ) : !self ? (
          <p className="empty-state">{s('selfenrolunavailable')}</p>
        ) : (
          <form className="self-enrol-form" onSubmit={submit}>
            <h3 className="enrol-method-name">{self.name}</h3>
            {self.enrolpassword && (
              <>
                <label className="field-label" htmlFor="enrolpassword">
                  {s('enrolkey')}
                </label>
                <input
                  id="enrolpassword"
                  type="password"
                  autoComplete="off"
                  value={key}
                  onChange={(e) => setKey(e.target.value)}
                  aria-invalid={error !== ''}
                  aria-describedby={error ? 'enrolpassword-error' : undefined}
                />
              </>
            )}
            {error && (
              <p id="enrolpassword-error" className="field-error" role="alert">
                {error}
              </p>
            )}
            <div className="form-actions">
              <PendingButton type="submit" className="btn btn-primary" isPending={enrol.isPending} pendingKind="working">
                {s('enrolme')}
              </PendingButton>
            </div>
          </form>
        )}
      </section>
    </Page>
  );
}
