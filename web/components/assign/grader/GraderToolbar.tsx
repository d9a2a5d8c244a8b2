import { Button, Menu, MenuItem, MenuTrigger, Popover, ToggleButton, ToggleButtonGroup, type Selection } from 'react-aria-components';
import { Link } from 'react-router';
import { GRADING_FILTERS, modAssignGetGradingPanel, type GradingFilter } from '../../../../api/assign';
import { IDENTITY_FIELDS } from '../../../../api/identity';
import { useWsQuery } from '../../../platform/query';
import { relativeUrl } from '../../../platform/url';
import type { StringLookup } from '../../../platform/useStrings';
import type { ModuleInfo } from '../../mod/ModuleView';
import { GRADER_LAYOUTS, type GraderLayout } from './layout';
import { ShortcutsHelp } from './ShortcutsHelp';
import { UserPicture } from './UserPicture';
import { UserSelector } from './UserSelector';

interface GraderToolbarProps {
  cm: ModuleInfo;
  s: StringLookup;
  userid: number;
  /** Where the user stands in the filtered list; null when outside it. */
  position: { index: number; total: number } | null;
  canStep: boolean;
  filters: readonly GradingFilter[];
  layout: GraderLayout;
  helpOpen: boolean;
  onHelpOpenChange: (open: boolean) => void;
  onPrevious: () => void;
  onNext: () => void;
  onSelect: (userid: number) => void;
  onFiltersChange: (filters: GradingFilter[]) => void;
  onLayoutChange: (layout: GraderLayout) => void;
}

const LAYOUT_LABELS: Record<GraderLayout, string> = { collapse_review: 'collapsereviewpanel', expanded: 'defaultlayout', collapse_grade: 'collapsegradepanel' };
const LAYOUT_ICONS: Record<GraderLayout, string> = { collapse_review: '▐', expanded: '◫', collapse_grade: '▌' };

/** The user being graded: picture, name and identity fields (from their panel, already being read). */
function CurrentUser({ assignid, userid }: { assignid: number; userid: number }) {
  const panel = useWsQuery(modAssignGetGradingPanel, { assignid, userid }, { enabled: userid > 0, staleTime: 30_000, refetchOnReconnect: false, meta: { quiet: true } });
  const user = panel.data?.user;
  if (!user) return <span className="grader-currentuser" />;
  const identity = IDENTITY_FIELDS.map((f) => user[f]).filter(Boolean).join(', ');
  return (
    <span className="grader-currentuser">
      <UserPicture url={user.profileimageurl} fullname={user.fullname} large />
      <span className="grader-currentuser-text">
        <Link className="grader-currentuser-name" to={relativeUrl('/user/profile.php', { id: user.id })}>
          {user.fullname}
        </Link>
        {identity && <span className="muted small">{identity}</span>}
      </span>
    </span>
  );
}

/**
 * The grading screen's toolbar: the assignment (back to it and its submissions), the user being graded,
 * previous / next, the user selector, the filters, the layout toggle and the keyboard shortcuts.
 */
export function GraderToolbar(props: GraderToolbarProps) {
  const { cm, s, userid, position, canStep, filters, layout } = props;
  const onFilters = (keys: Selection) => {
    const chosen = keys === 'all' ? [...GRADING_FILTERS] : GRADING_FILTERS.filter((f) => keys.has(f));
    props.onFiltersChange(chosen);
  };
  return (
    <header className="grader-header">
      <div className="grader-titles">
        <Link className="grader-course small" to={relativeUrl('/course/view.php', { id: cm.courseid })}>
          {cm.coursename}
        </Link>
        <h1 className="grader-title">
          <Link to={relativeUrl('/mod/assign/view.php', { id: cm.id })}>{cm.name}</Link>
        </h1>
        <Link className="small grader-viewall" to={relativeUrl('/mod/assign/view.php', { id: cm.id, action: 'grading' })}>
          {s('viewgrading')}
        </Link>
      </div>
      <div className="grader-toolbar" role="group" aria-label={s('gradernavigation')}>
        <CurrentUser assignid={cm.instance} userid={userid} />
        <div className="grader-stepper">
          <Button className="btn btn-secondary grader-step" isDisabled={!canStep} onPress={props.onPrevious} aria-label={s('previoususer')}>
            <span aria-hidden="true">‹</span>
          </Button>
          <span className="grader-position muted small" aria-live="polite">
            {position ? s('useroftotal', position) : ''}
          </span>
          <Button className="btn btn-secondary grader-step" isDisabled={!canStep} onPress={props.onNext} aria-label={s('nextuser')}>
            <span aria-hidden="true">›</span>
          </Button>
        </div>
        <UserSelector assignid={cm.instance} s={s} onSelect={props.onSelect} />
        <MenuTrigger>
          <Button className={`btn btn-secondary grader-filters-button${filters.length > 0 ? ' is-active' : ''}`}>
            {filters.length > 0 ? s('filtercount', filters.length) : s('filters')}
            <span aria-hidden="true" className="caret">
              ▾
            </span>
          </Button>
          <Popover className="menu-popover" placement="bottom start">
            <Menu className="menu grader-filter-menu" aria-label={s('filters')} selectionMode="multiple" selectedKeys={new Set(filters)} onSelectionChange={onFilters}>
              {GRADING_FILTERS.map((f) => (
                <MenuItem key={f} id={f} className="menu-item grader-filter-item">
                  {({ isSelected }) => (
                    <>
                      <span className="grader-check" aria-hidden="true">
                        {isSelected ? '✓' : ''}
                      </span>
                      {s(`filter_${f}`)}
                    </>
                  )}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
        <ToggleButtonGroup
          className="grader-layout-toggle"
          aria-label={s('layout')}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={new Set([layout])}
          onSelectionChange={(keys) => {
            const next = GRADER_LAYOUTS.find((l) => keys.has(l));
            if (next) props.onLayoutChange(next);
          }}
        >
          {GRADER_LAYOUTS.map((l) => (
            <ToggleButton key={l} id={l} className="grader-layout-button" aria-label={s(LAYOUT_LABELS[l])}>
              <span aria-hidden="true" title={s(LAYOUT_LABELS[l])}>
                {LAYOUT_ICONS[l]}
              </span>
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ShortcutsHelp s={s} isOpen={props.helpOpen} onOpenChange={props.onHelpOpenChange} />
      </div>
    </header>
  );
}
