import { useId, useState } from 'react';
import { Button, Label, Menu, MenuItem, MenuTrigger, Popover, Radio, RadioGroup } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { coreCourseGetCoursesByField } from '../../../api/course';
import { coreQuestionAddCategory, coreQuestionDeleteCategory, coreQuestionDeleteQuestion, coreQuestionGetCategories, coreQuestionGetQuestion, coreQuestionGetQuestions, coreQuestionImportGift, coreQuestionImportXml, QTYPES } from '../../../api/question';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { confirmDialog, FormDialog } from '../../platform/dialogs';
import { describedBy, FormField } from '../../platform/FormField';
import { formatDateTime } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { Pager } from '../../platform/Pager';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import '../quiz/quiz.css';
import { QuestionEditor } from './QuestionEditor';
import { QUESTION_STRINGS } from './strings';

const PER_PAGE = 20;
type QType = (typeof QTYPES)[number];
type Editing = { id: number } | { qtype: QType } | null;

/** `/question/edit.php?courseid=<id>`: the course's question bank — categories, the questions, and their editor. */
export function QuestionBankPage() {
  const [params] = useSearchParams();
  const courseid = Number(params.get('courseid'));
  const s = useStrings('core_question', QUESTION_STRINGS);
  const m = useStrings('moodle', ['mycourses']);
  const valid = Number.isInteger(courseid) && courseid > 0;
  const course = useWsQuery(coreCourseGetCoursesByField, { field: 'id', value: courseid }, { enabled: valid, meta: { quiet: true } });
  const categories = useWsQuery(coreQuestionGetCategories, { courseid }, { enabled: valid, meta: { quiet: true } });
  const [editing, setEditing] = useState<Editing>(null);
  if (!valid) return <NotFound />;
  if (categories.error) return <ErrorPage message={categories.error.message} />;
  if (course.error) return <ErrorPage message={course.error.message} />;
  if (categories.isPending || course.isPending) return <Loading />;
  const c = course.data.courses[0];
  const trail = [{ label: m('mycourses'), to: '/my/' }, ...(c ? [{ label: c.fullname, to: relativeUrl('/course/view.php', { id: courseid }) }] : [])];
  const cats = categories.data.categories;
  const actions = editing ? undefined : (
    <MenuTrigger>
      <Button className="btn btn-primary">{s('createquestion')}</Button>
      <Popover className="menu-popover">
        <Menu className="menu" onAction={(key) => setEditing({ qtype: key as QType })}>
          {QTYPES.map((t) => (
            <MenuItem key={t} id={t} className="menu-item">
              {s(`qtype_${t}`)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
  return (
    <Page title={s('questionbank')} breadcrumb={trail} actions={actions}>
      {editing ? (
        <EditorLoader s={s} courseid={courseid} categories={cats} editing={editing} onDone={() => setEditing(null)} />
      ) : (
        <Bank s={s} courseid={courseid} categories={cats} onEdit={(id) => setEditing({ id })} onCreate={() => setEditing({ qtype: 'multichoice' })} />
      )}
    </Page>
  );
}

function EditorLoader({ s, courseid, categories, editing, onDone }: { s: StringLookup; courseid: number; categories: Array<{ id: number; name: string }>; editing: NonNullable<Editing>; onDone: () => void }) {
  const id = 'id' in editing ? editing.id : 0;
  const question = useWsQuery(coreQuestionGetQuestion, { questionid: id }, { enabled: id > 0, gcTime: 0 });
  if (id && question.error) return <div className="alert alert-error">{question.error.message}</div>;
  if (id && question.isPending) return <Loading />;
  const q = id ? question.data : undefined;
  return <QuestionEditor s={s} courseid={courseid} categories={categories} question={q} qtype={q?.qtype ?? ('qtype' in editing ? editing.qtype : 'multichoice')} defaultCategory={q?.category ?? categories[0]?.id ?? 0} onDone={onDone} />;
}

function Bank({ s, courseid, categories, onEdit, onCreate }: { s: StringLookup; courseid: number; categories: Array<{ id: number; name: string; questioncount: number }>; onEdit: (id: number) => void; onCreate: () => void }) {
  const [categoryid, setCategoryid] = useState(0);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [addingCategory, setAddingCategory] = useState(false);
  const [importing, setImporting] = useState(false);
  const filterId = useId();
  const list = useWsQuery(coreQuestionGetQuestions, { courseid, categoryid, search, page, perpage: PER_PAGE });
  const remove = useWsMutation(coreQuestionDeleteQuestion, [coreQuestionGetQuestions, coreQuestionGetCategories]);
  const removeCategory = useWsMutation(coreQuestionDeleteCategory, [coreQuestionGetCategories]);
  const category = categories.find((c) => c.id === categoryid);
  return (
    <>
      <div className="question-bank-toolbar">
        <div className="field">
          <label htmlFor={filterId}>{s('category')}</label>
          <select id={filterId} value={categoryid} onChange={(e) => (setCategoryid(Number(e.target.value)), setPage(0))}>
            <option value={0}>{s('allcategories')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {`${c.name} (${c.questioncount})`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${filterId}-search`}>{s('search')}</label>
          <input id={`${filterId}-search`} type="search" value={search} onChange={(e) => (setSearch(e.target.value), setPage(0))} />
        </div>
        <Button className="btn btn-secondary" onPress={() => setAddingCategory(true)}>
          {s('addcategory')}
        </Button>
        <Button className="btn btn-secondary" onPress={() => setImporting(true)}>
          {s('importquestions')}
        </Button>
        {category && category.questioncount === 0 && (
          <Button
            className="btn btn-link btn-link-danger"
            onPress={() =>
              void confirmDialog({ title: s('deletecategory'), message: s('confirmdeletecategory', category.name), confirmLabel: s('deletecategory'), cancelLabel: s('cancel'), destructive: true }).then(
                (ok) => ok && removeCategory.mutate({ categoryid: category.id }, { onSuccess: () => setCategoryid(0) }),
              )
            }
          >
            {s('deletecategory')}
          </Button>
        )}
      </div>
      {list.error ? (
        <div className="alert alert-error">{list.error.message}</div>
      ) : list.isPending ? (
        <Loading />
      ) : list.data.total === 0 ? (
        <div className="card quiz-empty">
          <p>{search ? s('noquestionsfound') : s('noquestions')}</p>
          {!search && (
            <Button className="btn btn-primary" onPress={onCreate}>
              {s('createquestion')}
            </Button>
          )}
        </div>
      ) : (
        <section className="card">
          <p className="quiz-muted">{s('questioncount', list.data.total)}</p>
          <div className="table-scroll">
            <table className="table question-bank">
              <thead>
                <tr>
                  <th scope="col">{s('name')}</th>
                  <th scope="col">{s('type')}</th>
                  <th scope="col">{s('usage')}</th>
                  <th scope="col">{s('lastmodified')}</th>
                  <th scope="col">{s('actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.questions.map((q) => (
                  <tr key={q.id}>
                    <th scope="row">
                      {q.name}
                      <div className="quiz-muted question-preview">{q.preview}</div>
                    </th>
                    <td>{s(`qtype_${q.qtype}`)}</td>
                    <td className="quiz-num">{q.usage}</td>
                    <td>{formatDateTime(q.timemodified)}</td>
                    <td className="question-actions">
                      <Button className="btn btn-link" aria-label={`${s('edit')} ${q.name}`} onPress={() => onEdit(q.id)}>
                        {s('edit')}
                      </Button>
                      {q.usage === 0 && (
                        <Button
                          className="btn btn-link btn-link-danger"
                          aria-label={`${s('delete')} ${q.name}`}
                          onPress={() =>
                            void confirmDialog({ title: s('deletequestion'), message: s('confirmdeletequestion', q.name), confirmLabel: s('deletequestion'), cancelLabel: s('cancel'), destructive: true }).then(
                              (ok) => ok && remove.mutate({ questionid: q.id }, { onSuccess: () => void addNotification({ message: s('questiondeleted'), type: 'success' }) }),
                            )
                          }
                        >
                          {s('delete')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={Math.ceil(list.data.total / PER_PAGE)} onChange={setPage} />
        </section>
      )}
      {addingCategory && <AddCategoryDialog s={s} courseid={courseid} onClose={() => setAddingCategory(false)} />}
      {importing && <ImportDialog s={s} courseid={courseid} categoryid={categoryid} onClose={() => setImporting(false)} />}
    </>
  );
}

function AddCategoryDialog({ s, courseid, onClose }: { s: StringLookup; courseid: number; onClose: () => void }) {
  const formId = useId();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const add = useWsMutation(coreQuestionAddCategory, [coreQuestionGetCategories]);
  const error = tried && !name.trim() ? s('required') : undefined;
  return (
    <FormDialog
      title={s('addcategory')}
      formId={formId}
      submitLabel={s('addcategory')}
      cancelLabel={s('cancel')}
      pending={add.isPending}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (name.trim()) add.mutate({ courseid, name }, { onSuccess: onClose });
      }}
    >
      <FormField id={`${formId}-name`} label={s('categoryname')} error={error}>
        <input type="text" id={`${formId}-name`} value={name} onChange={(e) => setName(e.target.value)} aria-required autoFocus {...describedBy(`${formId}-name`, error)} />
      </FormField>
    </FormDialog>
  );
}

type ImportFormat = 'gift' | 'xml';

/** Import from GIFT or Moodle XML text, pasted or read from a file; all or nothing, with each problem named. */
function ImportDialog({ s, courseid, categoryid, onClose }: { s: StringLookup; courseid: number; categoryid: number; onClose: () => void }) {
  const formId = useId();
  const fieldId = `${formId}-text`;
  const fileId = `${formId}-file`;
  const [format, setFormat] = useState<ImportFormat>('gift');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const refresh = [coreQuestionGetQuestions, coreQuestionGetCategories];
  const importGift = useWsMutation(coreQuestionImportGift, refresh, { quiet: true });
  const importXml = useWsMutation(coreQuestionImportXml, refresh, { quiet: true });
  const pending = importGift.isPending || importXml.isPending;
  const help = s(format === 'gift' ? 'importgifthelp' : 'importxmlhelp');
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const content = await file.text();
    setText(content);
    setError(undefined);
    if (/\.xml$/i.test(file.name) || content.trimStart().startsWith('<')) setFormat('xml');
  };
  const callbacks = {
    onSuccess: (done: { questionids: number[] }) => {
      void addNotification({ message: s('imported', done.questionids.length), type: 'success' });
      onClose();
    },
    onError: (failure: Error) => setError(failure instanceof AjaxError ? failure.message : String(failure)),
  };
  return (
    <FormDialog
      title={s('importquestions')}
      formId={formId}
      submitLabel={s('import')}
      cancelLabel={s('cancel')}
      pending={pending}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) {
          setError(s('required'));
          return;
        }
        if (format === 'gift') importGift.mutate({ courseid, categoryid, text }, callbacks);
        else importXml.mutate({ courseid, categoryid, text }, callbacks);
      }}
    >
      <RadioGroup className="field radio-group" value={format} onChange={(f) => (setFormat(f === 'xml' ? 'xml' : 'gift'), setError(undefined))}>
        <Label className="field-label">{s('importformat')}</Label>
        {(['gift', 'xml'] as const).map((f) => (
          <Radio key={f} className="radio" value={f}>
            {s(`format_${f}`)}
          </Radio>
        ))}
      </RadioGroup>
      <div className="field">
        <label htmlFor={fileId}>{s('importfile')}</label>
        <input id={fileId} type="file" accept=".txt,.gift,.xml,text/plain,application/xml,text/xml" onChange={(e) => void readFile(e.target.files?.[0])} />
      </div>
      <FormField id={fieldId} label={s(format === 'gift' ? 'importgifttext' : 'importxmltext')} help={help} error={error}>
        <textarea id={fieldId} rows={10} value={text} onChange={(e) => (setText(e.target.value), setError(undefined))} aria-required {...describedBy(fieldId, error, help)} />
      </FormField>
    </FormDialog>
  );
}
