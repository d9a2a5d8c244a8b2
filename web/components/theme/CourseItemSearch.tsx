import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { SEARCH_MAX_ITEMS, SEARCH_MIN_CHARS, themeEssentialCourseItemSearch, type CourseItem } from '../../../api/theme';
import { useWsQuery } from '../../platform/query';
import { useModuleNames, useStrings } from '../../platform/useStrings';
import { suggestionTarget } from './courseItems';
import { COMPONENT } from './strings';

/** Typing pauses this long before the suggestions are asked for. */
const SEARCH_PAUSE_MS = 250;

/**
 * The course item search (id `courseitemsearch`, suggestions in `courseitemsearchresults`): from the
 * second character on, up to eight of the course's sections and activities whose names match;
 * choosing one opens it, unless its address is just '#'.
 */
export function CourseItemSearch({ courseid }: { courseid: number }) {
  const s = useStrings(COMPONENT, ['courseitemsearch', 'nocourseitems', 'searching', 'section']);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const enabled = term.length >= SEARCH_MIN_CHARS;
  const found = useWsQuery(themeEssentialCourseItemSearch, { courseid, term }, { enabled, placeholderData: keepPreviousData, staleTime: 60_000 });
  const showing = enabled && text.trim().length >= SEARCH_MIN_CHARS;
  // The same array while the answer stands, so the list keeps its highlighted item across renders.
  const items = useMemo(() => (showing ? (found.data?.items ?? []).slice(0, SEARCH_MAX_ITEMS) : []), [showing, found.data]);
  const moduleName = useModuleNames(items.map((item) => item.modname).filter(Boolean));
  const waiting = text.trim().length >= SEARCH_MIN_CHARS && (term !== text.trim() || found.isFetching);

  function choose(key: Key | null) {
    const item = items.find((i) => i.id === key);
    if (!item) return;
    const target = suggestionTarget(item.id);
    if (!target) return;
    setText('');
    setTerm('');
    if ('path' in target) void navigate(target.path);
    else window.location.assign(target.href);
  }

  return (
    <ComboBox<CourseItem>
      className="courseitemsearch"
      items={items}
      inputValue={text}
      onInputChange={setText}
      selectedKey={null}
      onSelectionChange={choose}
      menuTrigger="input"
      allowsEmptyCollection={text.trim().length >= SEARCH_MIN_CHARS}
    >
      <Label className="visually-hidden">{s('courseitemsearch')}</Label>
      <Input id="courseitemsearch" className="courseitemsearch-input" placeholder={s('courseitemsearch')} />
      <Popover className="courseitemsearch-popover" placement="bottom end">
        <ListBox<CourseItem>
          id="courseitemsearchresults"
          className="courseitemsearch-results"
          renderEmptyState={() => <div className="courseitemsearch-empty">{waiting ? s('searching') : s('nocourseitems', text.trim())}</div>}
        >
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.name} className="courseitemsearch-item">
              <span className="courseitemsearch-name">{item.name}</span>
              <span className="courseitemsearch-type">{item.type === 'section' ? s('section') : moduleName(item.modname)}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
