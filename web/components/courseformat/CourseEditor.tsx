import { useState } from 'react';
import { Button, Link } from 'react-aria-components';
import type { CourseState } from '../../../api/courseformat';
import { announce } from '../../platform/announcer';
import { confirmDialog } from '../../platform/dialogs';
import { InPlaceEditable } from '../../platform/InPlaceEditable';
import { moveButtonId, refocusMoveButton, type MoveDirection } from '../../platform/moveButtons';
import { PendingButton } from '../../platform/PendingButton';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { ActivityLink } from './ActivityLink';
import { dragHandleProps, dropZoneProps } from './dragAndDrop';
import { ActivityChooser } from './ActivityChooser';
import { useCourseEdits, type UpdateArgs } from './useCourseEditing';
import './courseformat.css';

type Section = CourseState['sections'][number];
type Module = Section['modules'][number];
type Edits = ReturnType<typeof useCourseEdits>;

const KEYS = [
  'addsection',
  'addresourceoractivity',
  'addresourceoractivityto',
  'hide',
  'show',
  'delete',
  'moveup',
  'movedown',
  'edittitle',
  'newvalue',
  'hidefromstudents',
  'sectionactions',
  'cmactions',
  'deletesection',
  'deletesectionconfirm',
  'deletesectionconfirmempty',
  'deleteactivity',
  'deleteactivityconfirm',
  'noactivities',
  'dragtomove',
  'editsettings',
  'sectionmovedto',
  'cmmovedto',
] as const;

/** A move by button keeps focus on the moved item's button (its moveButtonId list is the item's kind). */
type MoveFocus = { kind: 'section' | 'cm'; id: number; direction: MoveDirection };

/** What a screen-reader user hears after a move: where the item is now, from the course's new state. */
function moveMessage(state: CourseState, args: UpdateArgs, s: StringLookup): string {
  const id = args.ids?.[0];
  if (args.action === 'section_move_after') {
    const section = state.sections.find((x) => x.id === id);
    return section ? s('sectionmovedto', { name: section.name, position: section.section }) : '';
  }
  for (const section of state.sections) {
    const index = section.modules.findIndex((cm) => cm.id === id);
    const cm = section.modules[index];
    if (cm) return s('cmmovedto', { name: cm.name, section: section.name, position: index + 1 });
  }
  return '';
}

/** The course page in editing mode: every section and module with its editing controls. */
export function CourseEditor({ state }: { state: CourseState }) {
  const s = useStrings('core_courseformat', KEYS);
  const edits = useCourseEdits(state.courseid);
  const [chooserSection, setChooserSection] = useState<Section | null>(null);

  /** Moves by button or by drop: the move is announced, and after a button focus follows the item. */
  const move = async (args: UpdateArgs, focus?: MoveFocus) => {
    const next = await edits.run(args);
    if (!next) return;
    announce(moveMessage(next, args, s));
    // After the new state has rendered (the item may now be in another section).
    if (focus) refocusMoveButton(focus.kind, focus.id, focus.direction);
  };
  const { sections } = state;
  const typeNames = new Map(state.modtypes.map((m) => [m.modname, m.name]));
  /** A section dropped on another takes its place: after it when coming from above, before it otherwise. */
  const dropSection = (draggedId: number, target: Section) => {
    const dragged = sections.find((x) => x.id === draggedId);
    if (!dragged || dragged.id === target.id || dragged.section === 0) return;
    const after = dragged.section < target.section ? target : (sections[sections.indexOf(target) - 1] ?? target);
    if (after.id !== dragged.id) void move({ action: 'section_move_after', ids: [dragged.id], targetsectionid: after.id });
  };

  return (
    <>
      <ol className="course-sections course-editor">
        {sections.map((section, index) => (
          <SectionEditor
            key={section.id}
            section={section}
            before={sections[index - 1]}
            after={sections[index + 1]}
            beforeBefore={sections[index - 2]}
            typeNames={typeNames}
            onDropSection={(id) => dropSection(id, section)}
            s={s}
            edits={edits}
            move={move}
            onAdd={() => setChooserSection(section)}
          />
        ))}
      </ol>
      <div className="course-editor-footer">
        <PendingButton className="btn btn-secondary" isPending={edits.busy === 'section_add:'} pendingKind="working" onPress={() => void edits.run({ action: 'section_add', ids: [] })}>
          {s('addsection')}
        </PendingButton>
      </div>
      {chooserSection && (
        <ActivityChooser
          courseid={state.courseid}
          section={chooserSection.section}
          sectionName={chooserSection.name}
          modtypes={state.modtypes}
          onClose={() => setChooserSection(null)}
        />
      )}
    </>
  );
}

interface SectionEditorProps {
  section: Section;
  onDropSection: (id: number) => void;
  typeNames: ReadonlyMap<string, string>;
  before: Section | undefined;
  beforeBefore: Section | undefined;
  after: Section | undefined;
  s: StringLookup;
  edits: Edits;
  move: (args: UpdateArgs, focus?: MoveFocus) => Promise<void>;
  onAdd: () => void;
}

function SectionEditor({ section, before, beforeBefore, after, typeNames, onDropSection, s, edits, move, onAdd }: SectionEditorProps) {
  const headingId = `section-${section.id}`;
  const general = section.section === 0;
  const busy = (action: string) => edits.busy === `${action}:${section.id}`;

  const remove = async () => {
    const count = section.modules.length;
    const ok = await confirmDialog({
      title: s('deletesection'),
      message: count ? s('deletesectionconfirm', { name: section.name, count }) : s('deletesectionconfirmempty', section.name),
      confirmLabel: s('deletesection'),
      destructive: true,
    });
    if (ok) await edits.run({ action: 'section_delete', ids: [section.id] });
  };

  return (
    <li
      className={`card course-section${section.visible ? '' : ' is-hidden'}`}
      aria-labelledby={headingId}
      {...dropZoneProps({
        section: onDropSection,
        cm: (id) => void move({ action: 'cm_move', ids: [id], targetsectionid: section.id }),
      })}
    >
      <div className="section-header">
        {!general && (
          <span className="drag-handle" aria-hidden="true" title={s('dragtomove')} {...dragHandleProps('section', section.id)}>
            ⠿
          </span>
        )}
        <h2 id={headingId} className="section-name">
          <InPlaceEditable
            element={{
              component: 'core_courseformat',
              itemtype: 'sectionname',
              itemid: String(section.id),
              type: 'text',
              displayvalue: section.name,
              value: section.rawname,
              edithint: `${s('edittitle')}: ${section.name}`,
              editlabel: s('newvalue', section.name),
            }}
            onUpdated={edits.renamed}
          >
            {section.name}
          </InPlaceEditable>
          {!section.visible && <span className="badge badge-muted">{s('hidefromstudents')}</span>}
        </h2>
        {!general && (
          <div className="edit-controls" role="group" aria-label={s('sectionactions', section.name)}>
            <EditButton
              id={moveButtonId('section', section.id, 'up')}
              label={s('moveup')}
              icon="↑"
              busy={busy('section_move_after')}
              disabled={!before || before.section === 0}
              onPress={() => beforeBefore && void move({ action: 'section_move_after', ids: [section.id], targetsectionid: beforeBefore.id }, { kind: 'section', id: section.id, direction: 'up' })}
            />
            <EditButton
              id={moveButtonId('section', section.id, 'down')}
              label={s('movedown')}
              icon="↓"
              busy={busy('section_move_after')}
              disabled={!after}
              onPress={() => after && void move({ action: 'section_move_after', ids: [section.id], targetsectionid: after.id }, { kind: 'section', id: section.id, direction: 'down' })}
            />
            <EditButton
              label={section.visible ? s('hide') : s('show')}
              icon={section.visible ? '◐' : '●'}
              busy={busy('section_hide') || busy('section_show')}
              onPress={() => void edits.run({ action: section.visible ? 'section_hide' : 'section_show', ids: [section.id] })}
            />
            <EditButton label={s('delete')} icon="✕" danger busy={busy('section_delete')} onPress={() => void remove()} />
          </div>
        )}
      </div>
      {section.modules.length === 0 ? (
        <p className="muted section-empty">{s('noactivities')}</p>
      ) : (
        <ul className="activities">
          {section.modules.map((cm, index) => (
            <ModuleEditor key={cm.id} cm={cm} typeName={typeNames.get(cm.modname) ?? cm.modname} section={section} index={index} before={before} after={after} s={s} edits={edits} move={move} />
          ))}
        </ul>
      )}
      <Button className="btn btn-secondary add-activity" aria-label={s('addresourceoractivityto', section.name)} onPress={onAdd}>
        <span aria-hidden="true">+</span>
        {s('addresourceoractivity')}
      </Button>
    </li>
  );
}

interface ModuleEditorProps {
  cm: Module;
  /** The module type's name ("Page"). */
  typeName: string;
  section: Section;
  index: number;
  before: Section | undefined;
  after: Section | undefined;
  s: StringLookup;
  edits: Edits;
  move: (args: UpdateArgs, focus?: MoveFocus) => Promise<void>;
}

/** Up and down walk through every position: past the top of a section to the end of the one above, and so on. */
function moveTargets(section: Section, index: number, before: Section | undefined, after: Section | undefined) {
  const modules = section.modules;
  const up: Omit<UpdateArgs, 'action' | 'ids'> | null =
    index > 0 ? { targetcmid: modules[index - 1]?.id } : before ? { targetsectionid: before.id } : null;
  let down: Omit<UpdateArgs, 'action' | 'ids'> | null = null;
  if (index < modules.length - 1) {
    const next = modules[index + 2];
    down = next ? { targetcmid: next.id } : { targetsectionid: section.id };
  } else if (after) {
    const first = after.modules[0];
    down = first ? { targetcmid: first.id } : { targetsectionid: after.id };
  }
  return { up, down };
}

function ModuleEditor({ cm, typeName, section, index, before, after, s, edits, move }: ModuleEditorProps) {
  const busy = (action: string) => edits.busy === `${action}:${cm.id}`;
  const { up, down } = moveTargets(section, index, before, after);
  const remove = async () => {
    const ok = await confirmDialog({ title: s('deleteactivity'), message: s('deleteactivityconfirm', cm.name), confirmLabel: s('deleteactivity'), destructive: true });
    if (ok) await edits.run({ action: 'cm_delete', ids: [cm.id] });
  };
  return (
    <li
      className={`activity${cm.visible ? '' : ' is-hidden'}`}
      {...dropZoneProps({ cm: (id) => id !== cm.id && void move({ action: 'cm_move', ids: [id], targetcmid: cm.id }) })}
    >
      <span className="drag-handle" aria-hidden="true" title={s('dragtomove')} {...dragHandleProps('cm', cm.id)}>
        ⠿
      </span>
      <span className="activity-type">{typeName}</span>
      <span className="activity-name">
        <InPlaceEditable
          element={{
            component: 'core_courseformat',
            itemtype: 'activityname',
            itemid: String(cm.id),
            type: 'text',
            displayvalue: cm.name,
            value: cm.rawname,
            edithint: `${s('edittitle')}: ${cm.name}`,
            editlabel: s('newvalue', cm.name),
          }}
          onUpdated={edits.renamed}
        >
          <ActivityLink url={cm.url} name={cm.name} />
        </InPlaceEditable>
        {!cm.visible && <span className="badge badge-muted">{s('hidefromstudents')}</span>}
        <GroupModeBadge groupmode={cm.groupmode} />
      </span>
      <span className="edit-controls" role="group" aria-label={s('cmactions', cm.name)}>
        <EditButton
          id={moveButtonId('cm', cm.id, 'up')}
          label={s('moveup')}
          icon="↑"
          busy={busy('cm_move')}
          disabled={!up}
          onPress={() => up && void move({ action: 'cm_move', ids: [cm.id], ...up }, { kind: 'cm', id: cm.id, direction: 'up' })}
        />
        <EditButton
          id={moveButtonId('cm', cm.id, 'down')}
          label={s('movedown')}
          icon="↓"
          busy={busy('cm_move')}
          disabled={!down}
          onPress={() => down && void move({ action: 'cm_move', ids: [cm.id], ...down }, { kind: 'cm', id: cm.id, direction: 'down' })}
        />
        <EditButton
          label={cm.visible ? s('hide') : s('show')}
          icon={cm.visible ? '◐' : '●'}
          busy={busy('cm_hide') || busy('cm_show')}
          onPress={() => void edits.run({ action: cm.visible ? 'cm_hide' : 'cm_show', ids: [cm.id] })}
        />
        <Link className="btn-edit" href={relativeUrl('/course/modedit.php', { update: cm.id })} aria-label={s('editsettings')}>
          <span aria-hidden="true">⚙</span>
          <span className="btn-edit-label" aria-hidden="true">
            {s('editsettings')}
          </span>
        </Link>
        <EditButton label={s('delete')} icon="✕" danger busy={busy('cm_delete')} onPress={() => void remove()} />
      </span>
    </li>
  );
}

/** Which group mode an activity runs in, for the people editing the course page; nothing without groups. */
function GroupModeBadge({ groupmode }: { groupmode: number }) {
  const g = useStrings('core_group', ['groupsseparate', 'groupsvisible']);
  if (groupmode === 0) return null;
  return <span className="badge badge-muted">{groupmode === 1 ? g('groupsseparate') : g('groupsvisible')}</span>;
}

interface EditButtonProps {
  id?: string;
  label: string;
  icon: string;
  busy: boolean;
  disabled?: boolean;
  danger?: boolean;
  onPress: () => void;
}

/** A small icon button with a visible label on wide screens and a spinner while its change runs. */
function EditButton({ id, label, icon, busy, disabled = false, danger = false, onPress }: EditButtonProps) {
  return (
    <PendingButton
      id={id}
      className={`btn-edit${danger ? ' is-danger' : ''}`}
      isDisabled={disabled}
      isPending={busy}
      pendingKind="working"
      onPress={onPress}
      aria-label={label}
      icon={<span aria-hidden="true">{icon}</span>}
    >
      <span className="btn-edit-label" aria-hidden="true">
        {label}
      </span>
    </PendingButton>
  );
}
