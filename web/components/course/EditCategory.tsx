import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { coreCourseCreateCategories, coreCourseUpdateCategories } from '../../../api/course';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { categoryOptions, useCategories, useManagementMutation, type Category } from './categories';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import './management.css';

/** /course/editcategory.php?id=N edits a category; ?parent=N adds one under N (or at the top). */
export function EditCategory() {
  const s = useStrings('core_course', ['addcategory', 'editcategorysettings', 'coursemgmt']);
  const smoodle = useStrings('moodle', ['nopermission']);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const parent = Number(params.get('parent')) || 0;
  const categories = useCategories();
  const category = id ? categories.data?.find((c) => c.id === id) : undefined;
  const title = id ? s('editcategorysettings') : s('addcategory');
  if (categories.isPending) return <Loading />;
  if (id && !category) return <ErrorPage message={smoodle('nopermission')} />;
  return (
    <Page title={title} breadcrumb={[{ label: s('coursemgmt'), to: '/course/management.php' }]}>
      <CategoryForm key={id} category={category} parent={category?.parent ?? parent} categories={categories.data ?? []} />
    </Page>
  );
}

interface Errors {
  name?: string;
  idnumber?: string;
  parent?: string;
  form?: string;
}

function CategoryForm({ category, parent, categories }: { category?: Category; parent: number; categories: Category[] }) {
  const s = useStrings('core_course', [
    'categoryname', 'parentcategory', 'top', 'idnumbercoursecategory', 'idnumbercategoryhelp', 'description', 'createcategory', 'savechanges', 'cancel',
    'required', 'errorsummary', 'categorysaved',
  ]);
  const navigate = useNavigate();
  const create = useManagementMutation(coreCourseCreateCategories);
  const update = useManagementMutation(coreCourseUpdateCategories);
  const [name, setName] = useState(category ? htmlToText(category.name) : '');
  const [parentId, setParentId] = useState(parent);
  const [idnumber, setIdnumber] = useState(category?.idnumber ?? '');
  const [description, setDescription] = useState(category ? category.description : '');
  const [errors, setErrors] = useState<Errors>({});
  useUnsavedChanges(
    name !== (category ? htmlToText(category.name) : '') || parentId !== parent || idnumber !== (category?.idnumber ?? '') || description !== (category ? category.description : ''),
  );
  const busy = create.isPending || update.isPending;
  const back = relativeUrl('/course/management.php', category ? { categoryid: category.id } : parent ? { categoryid: parent } : {});

  function failed(error: Error) {
    if (!(error instanceof AjaxError)) return void showException(error);
    if (error.errorcode === 'categoryidnumbertaken') setErrors({ idnumber: error.message });
    else if (error.errorcode === 'cannotmovecategory') setErrors({ parent: error.message });
    else if (error.errorcode === 'invalidparameter') setErrors({ form: error.message });
    else void showException(error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: s('required') });
    setErrors({});
    const done = (id: number) => {
      void addNotification({ message: s('categorysaved', name.trim()), type: 'success' });
      void navigate(relativeUrl('/course/management.php', { categoryid: id }));
    };
    const fields = { name: name.trim(), parent: parentId, idnumber: idnumber.trim(), description };
    if (category) update.mutate({ categories: [{ id: category.id, ...fields }] }, { onSuccess: () => done(category.id), onError: failed });
    else create.mutate({ categories: [fields] }, { onSuccess: (made) => done(made[0]?.id ?? 0), onError: failed });
  }

  return (
    <form className="card form-stack management-form" onSubmit={submit} noValidate aria-label={category ? s('savechanges') : s('createcategory')}>
      <ErrorSummary title={s('errorsummary')} errors={[errors.form, errors.name, errors.parent, errors.idnumber]} />
      <FormField id="category-name" label={s('categoryname')} error={errors.name}>
        <input id="category-name" type="text" value={name} onChange={(e) => setName(e.target.value)} required maxLength={255} autoFocus {...describedBy('category-name', errors.name)} />
      </FormField>
      <FormField id="category-parent" label={s('parentcategory')} error={errors.parent}>
        <select id="category-parent" value={parentId} onChange={(e) => setParentId(Number(e.target.value))} {...describedBy('category-parent', errors.parent)}>
          <option value={0}>{s('top')}</option>
          {categoryOptions(categories, category).map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="category-idnumber" label={s('idnumbercoursecategory')} error={errors.idnumber} help={s('idnumbercategoryhelp')}>
        <input id="category-idnumber" type="text" value={idnumber} onChange={(e) => setIdnumber(e.target.value)} maxLength={100} {...describedBy('category-idnumber', errors.idnumber, 'help')} />
      </FormField>
      <FormField id="category-description" label={s('description')}>
        <textarea id="category-description" rows={5} value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <div className="form-actions toolbar">
        <PendingButton isPending={busy} type="submit" className="btn btn-primary">
          {category ? s('savechanges') : s('createcategory')}
        </PendingButton>
        <Link className="btn btn-secondary" to={back} data-discard>
          {s('cancel')}
        </Link>
      </div>
    </form>
  );
}
