import { useState, type FormEvent } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Link } from 'react-router';
import { coreCourseDeleteCourses, coreCourseListCoursesInCategory, coreCourseUpdateCourses } from '../../../api/course';
import { Loading } from '../../app/Page';
import { confirmDialog, showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { Pager } from '../../platform/Pager';
import { useWsQuery } from '../../platform/query';
import { formatDate } from '../../platform/intl';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { categoryOptions, useManagementMutation, type Category } from './categories';
import { MoveDialog } from './ManagementDialogs';

type Sort = 'fullname' | 'shortname' | 'idnumber' | 'timecreated';
const SORTS: Sort[] = ['fullname', 'shortname', 'idnumber', 'timecreated'];
const PAGE_SIZES = [20, 50, 100];

interface CourseRow {
  id: number;
  fullname: string;
  shortname: string;
  visible: number;
}

/** The selected category's courses: search, sort, paging and per-course actions. */
export function CategoryCourses({ category, name, categories }: { category: Category; name: string; categories: Category[] }) {
  const s = useStrings('core_course', [
    'coursesin', 'searchcourses', 'search', 'sortby', 'sortfullname', 'sortshortname', 'sortidnumber', 'sorttimecreated', 'direction', 'ascending',
    'descending', 'perpage', 'coursename', 'enrolledusers', 'actions', 'hidden', 'nocoursesincategory', 'nocoursesmatch', 'createnewcourse',
    'courseactions', 'edit', 'view', 'hide', 'show', 'moveto', 'delete', 'deletecourse', 'deletecoursecheck', 'coursedeleted', 'movecourse',
    'movecourseto', 'moved', 'changessaved', 'coursecountof',
  ]);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('fullname');
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(0);
  const [perpage, setPerpage] = useState(20);
  const [moving, setMoving] = useState<CourseRow | null>(null);
  const list = useWsQuery(coreCourseListCoursesInCategory, { categoryid: category.id, search, sort, direction, page, perpage });
  const update = useManagementMutation(coreCourseUpdateCourses);
  const remove = useManagementMutation(coreCourseDeleteCourses);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(text.trim());
    setPage(0);
  }

  async function action(key: string, course: CourseRow) {
    const label = htmlToText(course.fullname);
    if (key === 'toggle') {
      update.mutate({ courses: [{ id: course.id, visible: course.visible ? 0 : 1 }] }, { onError: (e) => void showException(e) });
    } else if (key === 'move') {
      setMoving(course);
    } else if (key === 'delete') {
      const ok = await confirmDialog({ title: s('deletecourse'), message: s('deletecoursecheck', label), confirmLabel: s('deletecourse'), destructive: true });
      if (!ok) return;
      remove.mutate(
        { courseids: [course.id] },
        { onSuccess: () => void addNotification({ message: s('coursedeleted', label), type: 'success' }), onError: (e) => void showException(e) },
      );
    }
  }

  const data = list.data;
  const pages = data ? Math.ceil(data.total / perpage) : 0;
  const heading = s('coursesin', name);
  return (
    <section className="card management-courses" aria-labelledby="management-courses-heading">
      <h2 id="management-courses-heading">{heading}</h2>
      <form role="search" className="management-filters" onSubmit={submit}>
        <div className="field">
          <label htmlFor="management-search">{s('searchcourses')}</label>
          <div className="input-row">
            <input id="management-search" type="search" value={text} onChange={(e) => setText(e.target.value)} />
            <button type="submit" className="btn btn-secondary">
              {s('search')}
            </button>
          </div>
        </div>
        <div className="field">
          <label htmlFor="management-sort">{s('sortby')}</label>
          <select id="management-sort" value={sort} onChange={(e) => (setSort(e.target.value as Sort), setPage(0))}>
            {SORTS.map((key) => (
              <option key={key} value={key}>
                {s(`sort${key}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="management-direction">{s('direction')}</label>
          <select id="management-direction" value={direction} onChange={(e) => (setDirection(e.target.value === 'desc' ? 'desc' : 'asc'), setPage(0))}>
            <option value="asc">{s('ascending')}</option>
            <option value="desc">{s('descending')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="management-perpage">{s('perpage')}</label>
          <select id="management-perpage" value={perpage} onChange={(e) => (setPerpage(Number(e.target.value)), setPage(0))}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </form>
      {list.isPending ? (
        <Loading />
      ) : !data || data.total === 0 ? (
        <p className="empty-state">
          {search ? s('nocoursesmatch', search) : s('nocoursesincategory')}{' '}
          {!search && <Link to={relativeUrl('/course/edit.php', { category: category.id })}>{s('createnewcourse')}</Link>}
        </p>
      ) : (
        <>
          <p className="muted">{s('coursecountof', data.total)}</p>
          <div className="table-scroll">
            <table className="table management-table">
              <thead>
                <tr>
                  <th scope="col">{s('coursename')}</th>
                  <th scope="col">{s('sortshortname')}</th>
                  <th scope="col">{s('sortidnumber')}</th>
                  <th scope="col">{s('enrolledusers')}</th>
                  <th scope="col">{s('sorttimecreated')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{s('actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.courses.map((course) => (
                  <tr key={course.id} className={course.visible ? '' : 'is-hidden'}>
                    <th scope="row">
                      <Link to={relativeUrl('/course/view.php', { id: course.id })}>{htmlToText(course.fullname)}</Link>
                      {!course.visible && <span className="badge badge-muted">{s('hidden')}</span>}
                    </th>
                    <td>{htmlToText(course.shortname)}</td>
                    <td>{course.idnumber}</td>
                    <td>{course.enrolledusercount}</td>
                    <td>{formatDate(course.timecreated)}</td>
                    <td>
                      <MenuTrigger>
                        <Button className="btn btn-secondary btn-small" aria-label={s('courseactions', htmlToText(course.fullname))}>
                          ⋮
                        </Button>
                        <Popover className="menu-popover" placement="bottom end">
                          <Menu className="menu" onAction={(key) => void action(String(key), course)}>
                            <MenuItem id="edit" className="menu-item" href={relativeUrl('/course/edit.php', { id: course.id })}>
                              {s('edit')}
                            </MenuItem>
                            <MenuItem id="view" className="menu-item" href={relativeUrl('/course/view.php', { id: course.id })}>
                              {s('view')}
                            </MenuItem>
                            <MenuItem id="toggle" className="menu-item">
                              {course.visible ? s('hide') : s('show')}
                            </MenuItem>
                            <MenuItem id="move" className="menu-item">
                              {s('moveto')}
                            </MenuItem>
                            <MenuItem id="delete" className="menu-item">
                              {s('delete')}
                            </MenuItem>
                          </Menu>
                        </Popover>
                      </MenuTrigger>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={pages} onChange={setPage} />
        </>
      )}
      {moving && (
        <MoveDialog
          title={s('movecourse')}
          label={s('movecourseto', htmlToText(moving.fullname))}
          options={categoryOptions(categories)}
          initial={category.id}
          busy={update.isPending}
          onClose={() => setMoving(null)}
          onMove={(target) =>
            update.mutate(
              { courses: [{ id: moving.id, categoryid: target }] },
              {
                onSuccess: () => {
                  void addNotification({ message: s('moved', htmlToText(moving.fullname)), type: 'success' });
                  setMoving(null);
                },
                onError: (e) => void showException(e),
              },
            )
          }
        />
      )}
    </section>
  );
}
