import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { coreCourseCreateCourses, coreCourseGetCoursesByField, coreCourseUpdateCourses } from '../../../api/course';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { showException } from '../../platform/dialogs';
import { fromDateInput, startOfToday, toDateInput } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { categoryOptions, useCategories, useManagementMutation, type Category } from './categories';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { TagsField, useSaveItemTags, useTaggableArea, type TaggableArea } from '../tag/TagsField';
import './management.css';

interface CourseValues {
  id?: number;
  fullname: string;
  shortname: string;
  categoryid: number;
  idnumber: string;
  summary: string;
  format: 'topics' | 'weeks';
  numsections: number;
  startdate: string;
  enddate: string;
  visible: boolean;
  groupmode: number;
  groupmodeforce: boolean;
  enablecompletion: boolean;
  /** The course's tags, in order (left out of the save when the tag area is disabled). */
  tags: string[];
}

/** /course/edit.php?id=N edits a course; ?category=N adds one to that category. */
export function EditCourse() {
  const s = useStrings('core_course', ['addnewcourse', 'editcoursesettings', 'coursemgmt', 'nocategoryforcourse', 'createnewcategory']);
  const smoodle = useStrings('moodle', ['nopermission']);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const categories = useCategories();
  const course = useWsQuery(coreCourseGetCoursesByField, { field: 'id', value: id }, { enabled: id > 0 });
  const tagArea = useTaggableArea('course', id || undefined);
  const title = id ? s('editcoursesettings') : s('addnewcourse');
  if (categories.isPending || (id > 0 && course.isPending) || tagArea.isPending) return <Loading />;
  const list = categories.data ?? [];
  const found = course.data?.courses[0];
  if (id && !found) return <ErrorPage message={smoodle('nopermission')} />;
  const firstCategory = Number(params.get('category')) || list[0]?.id || 0;
  const initial: CourseValues = found
    ? {
        id: found.id,
        fullname: htmlToText(found.fullname),
        shortname: htmlToText(found.shortname),
        categoryid: found.categoryid,
        idnumber: found.idnumber ?? '',
        summary: found.summary,
        format: found.format === 'weeks' ? 'weeks' : 'topics',
        numsections: found.numsections ?? 0,
        startdate: toDateInput(found.startdate),
        enddate: toDateInput(found.enddate),
        visible: found.visible !== 0,
        groupmode: found.groupmode ?? 0,
        groupmodeforce: found.groupmodeforce === 1,
        enablecompletion: found.enablecompletion === 1,
        tags: tagArea.area.tags,
      }
    : {
        fullname: '',
        shortname: '',
        categoryid: firstCategory,
        idnumber: '',
        summary: '',
        format: 'topics',
        numsections: 4,
        startdate: toDateInput(startOfToday()),
        enddate: '',
        visible: true,
        groupmode: 0,
        groupmodeforce: false,
        enablecompletion: true,
        tags: [],
      };
  // Teachers edit their course without reaching course management, so the trail leads back to the course.
  const crumb = initial.id
    ? { label: initial.fullname, to: relativeUrl('/course/view.php', { id: initial.id }) }
    : { label: s('coursemgmt'), to: relativeUrl('/course/management.php', { categoryid: initial.categoryid || undefined }) };
  return (
    <Page title={title} breadcrumb={[crumb]}>
      {list.length === 0 ? (
        <p className="empty-state">
          {s('nocategoryforcourse')} <Link to="/course/editcategory.php">{s('createnewcategory')}</Link>
        </p>
      ) : (
        <CourseForm key={id} initial={initial} categories={list} tagArea={tagArea.area} />
      )}
    </Page>
  );
}

interface Errors {
  fullname?: string;
  shortname?: string;
  idnumber?: string;
  enddate?: string;
  form?: string;
}

/** Which field a server refusal belongs next to. */
const FIELD_OF_ERROR: Record<string, keyof Errors> = {
  shortnametaken: 'shortname',
  courseidnumbertaken: 'idnumber',
  enddatebeforestartdate: 'enddate',
  invalidparameter: 'form',
  nopermissions: 'form',
};

function CourseForm({ initial, categories, tagArea }: { initial: CourseValues; categories: Category[]; tagArea: TaggableArea }) {
  const s = useStrings('core_course', [
    'fullnamecourse', 'shortnamecourse', 'shortnamehelp', 'coursecategory', 'idnumbercourse', 'coursesummary', 'courseformat', 'formattopics',
    'formatweeks', 'numberofsections', 'startdate', 'enddate', 'enddatehelp', 'visibility', 'show', 'hide', 'createcourse', 'saveanddisplay',
    'cancel', 'required', 'errorsummary', 'coursesaved', 'groupmode', 'groupmodehelp', 'groupsnone', 'groupsseparate', 'groupsvisible',
    'groupmodeforce', 'groupmodeforcehelp', 'yes', 'no', 'enablecompletion', 'enablecompletionhelp',
  ]);
  const t = useStrings('core_tag', ['tagssavefailed']);
  const navigate = useNavigate();
  const create = useManagementMutation(coreCourseCreateCourses);
  const update = useManagementMutation(coreCourseUpdateCourses);
  const saveTags = useSaveItemTags();
  const [savingTags, setSavingTags] = useState(false);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(initial));
  const busy = create.isPending || update.isPending || savingTags;
  const set = <K extends keyof CourseValues>(key: K, value: CourseValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const back = initial.id ? relativeUrl('/course/view.php', { id: initial.id }) : relativeUrl('/course/management.php', { categoryid: initial.categoryid });

  function failed(error: Error) {
    const field = error instanceof AjaxError ? FIELD_OF_ERROR[error.errorcode] : undefined;
    if (field) setErrors({ [field]: error.message });
    else void showException(error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Errors = {};
    if (!values.fullname.trim()) missing.fullname = s('required');
    if (!values.shortname.trim()) missing.shortname = s('required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const fields = {
      fullname: values.fullname.trim(),
      shortname: values.shortname.trim(),
      categoryid: values.categoryid,
      idnumber: values.idnumber.trim(),
      summary: values.summary,
      summaryformat: 1,
      format: values.format,
      numsections: values.numsections,
      startdate: fromDateInput(values.startdate),
      enddate: fromDateInput(values.enddate),
      visible: values.visible,
      groupmode: values.groupmode,
      groupmodeforce: values.groupmodeforce,
      enablecompletion: values.enablecompletion,
    };
    // The tags are saved once the course is (a new course has its id only then).
    const saved = async (courseid: number) => {
      setSavingTags(true);
      try {
        await saveTags(tagArea, courseid, values.tags);
      } catch (error) {
        void showException(error instanceof Error ? new Error(t('tagssavefailed', error.message)) : new Error(String(error)));
      } finally {
        setSavingTags(false);
      }
      void addNotification({ message: s('coursesaved', fields.fullname), type: 'success' });
    };
    if (initial.id) {
      const id = initial.id;
      update.mutate(
        { courses: [{ id, ...fields }] },
        {
          onSuccess: () =>
            void saved(id).then(() => navigate(relativeUrl('/course/view.php', { id }))),
          onError: failed,
        },
      );
    } else {
      create.mutate(
        { courses: [fields] },
        {
          onSuccess: (created) =>
            void saved(created[0]?.id ?? 0).then(() => navigate(relativeUrl('/course/management.php', { categoryid: fields.categoryid }))),
          onError: failed,
        },
      );
    }
  }

  return (
    <form className="card form-stack management-form" onSubmit={submit} noValidate aria-label={initial.id ? s('saveanddisplay') : s('createcourse')}>
      <ErrorSummary title={s('errorsummary')} errors={[errors.form, errors.fullname, errors.shortname, errors.idnumber, errors.enddate]} />
      <FormField id="course-fullname" label={s('fullnamecourse')} error={errors.fullname}>
        <input id="course-fullname" type="text" value={values.fullname} onChange={(e) => set('fullname', e.target.value)} required maxLength={254} autoFocus {...describedBy('course-fullname', errors.fullname)} />
      </FormField>
      <FormField id="course-shortname" label={s('shortnamecourse')} error={errors.shortname} help={s('shortnamehelp')}>
        <input id="course-shortname" type="text" value={values.shortname} onChange={(e) => set('shortname', e.target.value)} required maxLength={255} {...describedBy('course-shortname', errors.shortname, 'help')} />
      </FormField>
      <FormField id="course-category" label={s('coursecategory')}>
        <select id="course-category" value={values.categoryid} onChange={(e) => set('categoryid', Number(e.target.value))}>
          {categoryOptions(categories).map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="course-idnumber" label={s('idnumbercourse')} error={errors.idnumber}>
        <input id="course-idnumber" type="text" value={values.idnumber} onChange={(e) => set('idnumber', e.target.value)} maxLength={100} {...describedBy('course-idnumber', errors.idnumber)} />
      </FormField>
      <FormField id="course-summary" label={s('coursesummary')}>
        <textarea id="course-summary" rows={6} value={values.summary} onChange={(e) => set('summary', e.target.value)} />
      </FormField>
      <TagsField area={tagArea} value={values.tags} onChange={(tags) => set('tags', tags)} />
      <div className="inline-fields">
        <FormField id="course-format" label={s('courseformat')}>
          <select id="course-format" value={values.format} onChange={(e) => set('format', e.target.value === 'weeks' ? 'weeks' : 'topics')}>
            <option value="topics">{s('formattopics')}</option>
            <option value="weeks">{s('formatweeks')}</option>
          </select>
        </FormField>
        <FormField id="course-numsections" label={s('numberofsections')}>
          <input
            id="course-numsections"
            type="number"
            min={0}
            max={52}
            value={values.numsections}
            onChange={(e) => set('numsections', Math.max(0, Math.min(52, Math.trunc(Number(e.target.value)) || 0)))}
          />
        </FormField>
      </div>
      <div className="inline-fields">
        <FormField id="course-startdate" label={s('startdate')}>
          <input id="course-startdate" type="date" value={values.startdate} onChange={(e) => set('startdate', e.target.value)} />
        </FormField>
        <FormField id="course-enddate" label={s('enddate')} error={errors.enddate} help={s('enddatehelp')}>
          <input id="course-enddate" type="date" value={values.enddate} onChange={(e) => set('enddate', e.target.value)} {...describedBy('course-enddate', errors.enddate, 'help')} />
        </FormField>
      </div>
      <FormField id="course-visible" label={s('visibility')}>
        <select id="course-visible" value={values.visible ? '1' : '0'} onChange={(e) => set('visible', e.target.value === '1')}>
          <option value="1">{s('show')}</option>
          <option value="0">{s('hide')}</option>
        </select>
      </FormField>
      <div className="inline-fields">
        <FormField id="course-groupmode" label={s('groupmode')} help={s('groupmodehelp')}>
          <select id="course-groupmode" value={values.groupmode} onChange={(e) => set('groupmode', Number(e.target.value))} {...describedBy('course-groupmode', undefined, 'help')}>
            <option value={0}>{s('groupsnone')}</option>
            <option value={1}>{s('groupsseparate')}</option>
            <option value={2}>{s('groupsvisible')}</option>
          </select>
        </FormField>
        <FormField id="course-groupmodeforce" label={s('groupmodeforce')} help={s('groupmodeforcehelp')}>
          <select id="course-groupmodeforce" value={values.groupmodeforce ? '1' : '0'} onChange={(e) => set('groupmodeforce', e.target.value === '1')} {...describedBy('course-groupmodeforce', undefined, 'help')}>
            <option value="0">{s('no')}</option>
            <option value="1">{s('yes')}</option>
          </select>
        </FormField>
      </div>
      <FormField id="course-enablecompletion" label={s('enablecompletion')} help={s('enablecompletionhelp')}>
        <select id="course-enablecompletion" value={values.enablecompletion ? '1' : '0'} onChange={(e) => set('enablecompletion', e.target.value === '1')} {...describedBy('course-enablecompletion', undefined, 'help')}>
          <option value="0">{s('no')}</option>
          <option value="1">{s('yes')}</option>
        </select>
      </FormField>
      <div className="form-actions toolbar">
        <PendingButton isPending={busy} type="submit" className="btn btn-primary">
          {initial.id ? s('saveanddisplay') : s('createcourse')}
        </PendingButton>
        <Link className="btn btn-secondary" to={back} data-discard>
          {s('cancel')}
        </Link>
      </div>
    </form>
  );
}
