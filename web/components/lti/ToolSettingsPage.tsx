import { useId, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import { modLtiGetCourseTools, modLtiGetCourseToolTypes, modLtiGetCourseToolTypeSettings, modLtiGetToolTypes, modLtiGetToolTypeSettings, modLtiSaveCourseToolType, modLtiSaveToolType } from '../../../api/lti';
import type { ArgsOf, ResultOf } from '../../../api/contract';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { CheckField, describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { LTI_STRINGS } from './strings';
import './lti.css';

type Settings = ArgsOf<typeof modLtiSaveToolType>;
type Loaded = ResultOf<typeof modLtiGetToolTypeSettings>;
type Privacy = 0 | 1 | 2;
type Container = 1 | 2 | 3 | 4 | 5;

const EMPTY: Required<Omit<Settings, 'id'>> = {
  name: '',
  baseurl: '',
  description: '',
  ltiversion: 'LTI-1p0',
  resourcekey: '',
  password: '',
  publickeyseturl: '',
  initiatelogin: '',
  redirectionuris: '',
  parameter: '',
  sendname: 2,
  sendemailaddr: 2,
  acceptgrades: 2,
  launchcontainer: 3,
  icon: '',
  contentitem: 0,
  contentitemurl: '',
};

const isWebUrl = (v: string) => URL.canParse(v.trim()) && ['http:', 'https:'].includes(new URL(v.trim()).protocol);

function Field({ label, help, error, children }: { label: string; help?: string; error?: string; children: (id: string, described: ReturnType<typeof describedBy>) => ReactNode }) {
  const id = useId();
  return (
    <FormField id={id} label={label} help={help} error={error}>
      {children(id, describedBy(id, error, help))}
    </FormField>
  );
}

function PrivacySelect({ label, value, onChange, s }: { label: string; value: Privacy; onChange: (v: Privacy) => void; s: StringLookup }) {
  return (
    <Field label={label}>
      {(id, described) => (
        <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value) as Privacy)} {...described}>
          <option value={0}>{s('never')}</option>
          <option value={1}>{s('always')}</option>
          <option value={2}>{s('delegate')}</option>
        </select>
      )}
    </Field>
  );
}

/** `/mod/lti/typessettings.php[?id=]`: configure a site tool by hand (LTI 1.1 or 1.3), new or existing. */
export function ToolSettingsPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const s = useStrings('mod_lti', LTI_STRINGS);
  const loaded = useWsQuery(modLtiGetToolTypeSettings, { id }, { enabled: id > 0 });
  const title = id ? s('edittooltype') : s('addtooltype');
  return (
    <Page title={title} breadcrumb={[{ label: s('sitetools'), to: '/admin/' }, { label: s('toolconfigure'), to: '/mod/lti/toolconfigure.php' }]}>
      {id > 0 && loaded.isPending ? <Loading /> : id > 0 && !loaded.data ? null : <ToolSettingsForm id={id} loaded={loaded.data} s={s} />}
    </Page>
  );
}

/** `/mod/lti/coursetooledit.php?course=&typeid=`: a tool that exists only in this course (mod/lti:addcoursetool). */
export function CourseToolEditPage() {
  const [params] = useSearchParams();
  const courseid = Number(params.get('course') ?? 0);
  const id = Number(params.get('typeid') ?? 0);
  const s = useStrings('mod_lti', LTI_STRINGS);
  const loaded = useWsQuery(modLtiGetCourseToolTypeSettings, { courseid, id }, { enabled: id > 0 });
  const back = `/mod/lti/coursetools.php?id=${courseid}`;
  return (
    <Page title={id ? s('editcoursetool') : s('addcoursetool')} breadcrumb={[{ label: s('coursetools'), to: back }]}>
      {id > 0 && loaded.isPending ? <Loading /> : id > 0 && !loaded.data ? null : <ToolSettingsForm id={id} loaded={loaded.data} s={s} courseid={courseid} />}
    </Page>
  );
}

function ToolSettingsForm({ id, loaded, s, courseid = 0 }: { id: number; loaded: Loaded | undefined; s: StringLookup; courseid?: number }) {
  const navigate = useNavigate();
  const initial = loaded ? { ...EMPTY, ...loaded, password: '' } : EMPTY;
  const [v, setV] = useState(initial);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const saveSite = useWsMutation(modLtiSaveToolType, [modLtiGetToolTypes, modLtiGetToolTypeSettings], { quiet: true });
  const saveCourse = useWsMutation(modLtiSaveCourseToolType, [modLtiGetCourseToolTypes, modLtiGetCourseToolTypeSettings, modLtiGetCourseTools], { quiet: true });
  // A course tool is saved in its course; the list it returns to is the course's.
  const save = courseid ? saveCourse : saveSite;
  const listUrl = courseid ? `/mod/lti/coursetools.php?id=${courseid}` : '/mod/lti/toolconfigure.php';
  const dirty = JSON.stringify(v) !== JSON.stringify(initial);
  useUnsavedChanges(dirty && !save.isSuccess);
  const set = (changes: Partial<typeof v>) => setV((old) => ({ ...old, ...changes }));
  const is13 = v.ltiversion === '1.3.0';
  const errors: Record<string, string | undefined> = tried
    ? {
        name: v.name.trim() ? undefined : s('required'),
        baseurl: isWebUrl(v.baseurl) ? undefined : s('errorbadurl'),
        initiatelogin: is13 && !isWebUrl(v.initiatelogin) ? s('required') : undefined,
        redirectionuris: is13 && !v.redirectionuris.trim() ? s('required') : undefined,
        contentitemurl: is13 && v.contentitem === 1 && v.contentitemurl.trim() && !isWebUrl(v.contentitemurl) ? s('errorbadurl') : undefined,
        ...serverErrors,
      }
    : serverErrors;
  const submit = () => {
    setTried(true);
    setServerErrors({});
    const badContentUrl = is13 && v.contentitem === 1 && v.contentitemurl.trim() !== '' && !isWebUrl(v.contentitemurl);
    if (!v.name.trim() || !isWebUrl(v.baseurl) || (is13 && (!isWebUrl(v.initiatelogin) || !v.redirectionuris.trim())) || badContentUrl) return;
    const { name, baseurl, description, ltiversion, resourcekey, password, publickeyseturl, initiatelogin, redirectionuris, parameter, sendname, sendemailaddr, acceptgrades, launchcontainer, icon, contentitem } = v;
    // The content selection URL only counts while deep linking is on.
    const contentitemurl = contentitem === 1 ? v.contentitemurl.trim() : '';
    const values = { id, name, baseurl, description, ltiversion, resourcekey, password, publickeyseturl, initiatelogin, redirectionuris, parameter, sendname, sendemailaddr, acceptgrades, launchcontainer, icon, contentitem, contentitemurl };
    const saved = (newId: number) => {
      void addNotification({ message: s('saved'), type: 'success' });
      void navigate(id || courseid ? listUrl : `/mod/lti/typessettings.php?id=${newId}`);
    };
    const options = {
      onError: (error: Error) => {
        const fields = error instanceof AjaxError && error.fielderrors?.length ? Object.fromEntries(error.fielderrors.map((f) => [f.field, f.message])) : { form: error.message };
        setServerErrors(fields);
      },
    };
    if (courseid) saveCourse.mutate({ courseid, ...values }, { onSuccess: (tool) => saved(tool.id), ...options });
    else saveSite.mutate(values, { onSuccess: (card) => saved(card.id), ...options });
  };
  return (
    <form
      className="card form-stack lti-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <ErrorSummary title={s('formerrors')} errors={Object.values(errors)} />
      <Field label={s('toolname')} error={errors.name}>
        {(fid, d) => <input id={fid} type="text" value={v.name} aria-required onChange={(e) => set({ name: e.target.value })} {...d} />}
      </Field>
      <Field label={s('toolurl')} error={errors.baseurl}>
        {(fid, d) => <input id={fid} type="text" inputMode="url" value={v.baseurl} aria-required onChange={(e) => set({ baseurl: e.target.value })} {...d} />}
      </Field>
      <Field label={s('tooldescription')}>{(fid, d) => <textarea id={fid} rows={3} value={v.description} onChange={(e) => set({ description: e.target.value })} {...d} />}</Field>
      <Field label={s('ltiversion')}>
        {(fid, d) => (
          <select id={fid} value={v.ltiversion} onChange={(e) => set({ ltiversion: e.target.value === '1.3.0' ? '1.3.0' : 'LTI-1p0' })} {...d}>
            <option value="LTI-1p0">{s('lti11')}</option>
            <option value="1.3.0">{s('lti13')}</option>
          </select>
        )}
      </Field>
      {is13 ? (
        <>
          <Field label={s('publickeyseturl')} error={errors.publickeyseturl}>
            {(fid, d) => <input id={fid} type="text" inputMode="url" value={v.publickeyseturl} onChange={(e) => set({ publickeyseturl: e.target.value })} {...d} />}
          </Field>
          <Field label={s('initiatelogin')} error={errors.initiatelogin}>
            {(fid, d) => <input id={fid} type="text" inputMode="url" value={v.initiatelogin} aria-required onChange={(e) => set({ initiatelogin: e.target.value })} {...d} />}
          </Field>
          <Field label={s('redirectionuris')} help={s('redirectionuris_help')} error={errors.redirectionuris}>
            {(fid, d) => <textarea id={fid} rows={3} value={v.redirectionuris} aria-required onChange={(e) => set({ redirectionuris: e.target.value })} {...d} />}
          </Field>
          <CheckField className="lti-check" label={s('contentitem')} help={s('contentitem_help')} checked={v.contentitem === 1} onChange={(on) => set({ contentitem: on ? 1 : 0 })} />
          {v.contentitem === 1 && (
            <Field label={s('contentitemurl')} help={s('contentitemurl_help')} error={errors.contentitemurl}>
              {(fid, d) => <input id={fid} type="text" inputMode="url" value={v.contentitemurl} onChange={(e) => set({ contentitemurl: e.target.value })} {...d} />}
            </Field>
          )}
        </>
      ) : (
        <>
          <Field label={s('consumerkey')}>{(fid, d) => <input id={fid} type="text" autoComplete="off" value={v.resourcekey} onChange={(e) => set({ resourcekey: e.target.value })} {...d} />}</Field>
          <Field label={s('sharedsecret')} help={loaded?.hassecret ? s('sharedsecretset') : undefined}>
            {(fid, d) => <input id={fid} type="password" autoComplete="new-password" value={v.password} onChange={(e) => set({ password: e.target.value })} {...d} />}
          </Field>
        </>
      )}
      <Field label={s('customparameters')} help={s('customparameters_help')}>
        {(fid, d) => <textarea id={fid} rows={3} value={v.parameter} onChange={(e) => set({ parameter: e.target.value })} {...d} />}
      </Field>
      <Field label={s('launchcontainer')}>
        {(fid, d) => (
          <select id={fid} value={v.launchcontainer} onChange={(e) => set({ launchcontainer: Number(e.target.value) as Container })} {...d}>
            <option value={2}>{s('launchcontainer_embed')}</option>
            <option value={3}>{s('launchcontainer_embed_no_blocks')}</option>
            <option value={4}>{s('launchcontainer_window')}</option>
            <option value={5}>{s('launchcontainer_replace')}</option>
          </select>
        )}
      </Field>
      <Field label={s('icon')} error={errors.icon}>
        {(fid, d) => <input id={fid} type="text" inputMode="url" value={v.icon} onChange={(e) => set({ icon: e.target.value })} {...d} />}
      </Field>
      <fieldset className="lti-settings-section">
        <legend>{s('privacy')}</legend>
        <PrivacySelect label={s('sendname')} value={v.sendname} onChange={(sendname) => set({ sendname })} s={s} />
        <PrivacySelect label={s('sendemailaddr')} value={v.sendemailaddr} onChange={(sendemailaddr) => set({ sendemailaddr })} s={s} />
        <PrivacySelect label={s('acceptgrades')} value={v.acceptgrades} onChange={(acceptgrades) => set({ acceptgrades })} s={s} />
      </fieldset>
      {loaded && loaded.ltiversion === '1.3.0' && (
        <section className="lti-settings-section" aria-labelledby="lti-platform-details">
          <h2 id="lti-platform-details">{s('platformdetails')}</h2>
          <dl className="lti-platform-details">
            <dt>{s('platformid')}</dt>
            <dd>{loaded.platform.issuer}</dd>
            <dt>{s('clientid')}</dt>
            <dd data-testid="lti-clientid">{loaded.clientid}</dd>
            <dt>{s('deploymentid')}</dt>
            <dd>{loaded.deploymentid}</dd>
            <dt>{s('keyseturl')}</dt>
            <dd>{loaded.platform.jwksurl}</dd>
            <dt>{s('authrequesturl')}</dt>
            <dd>{loaded.platform.authurl}</dd>
            <dt>{s('tokenurl')}</dt>
            <dd>{loaded.platform.tokenurl}</dd>
          </dl>
        </section>
      )}
      <div className="form-actions">
        <Button className="btn btn-secondary" onPress={() => void navigate(listUrl)}>
          {s('cancel')}
        </Button>
        <PendingButton isPending={save.isPending} type="submit" className="btn btn-primary">
          {s('savetool')}
        </PendingButton>
      </div>
    </form>
  );
}
