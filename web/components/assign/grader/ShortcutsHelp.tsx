import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import type { StringLookup } from '../../../platform/useStrings';

/** The shortcuts, each as its description's and its keys' string ids. */
const SHORTCUTS = [
  ['shortcutprevious', 'shortcutkeys_previous'],
  ['shortcutnext', 'shortcutkeys_next'],
  ['shortcutsave', 'shortcutkeys_save'],
  ['shortcuthelp', 'shortcutkeys_help'],
] as const;

/**
 * Keys as the pack writes them: alternatives separated by "|", keys of one combination by "+"
 * ("Alt+Shift+←|K"), each key drawn as a key cap.
 */
function Keys({ spec }: { spec: string }) {
  return (
    <>
      {spec.split('|').map((combo, i) => (
        <span key={i} className="grader-keys">
          {combo.split('+').map((key, j) => (
            <kbd key={j}>{key.trim()}</kbd>
          ))}
        </span>
      ))}
    </>
  );
}

interface ShortcutsHelpProps {
  s: StringLookup;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The "Keyboard shortcuts" button and the popover listing them. */
export function ShortcutsHelp({ s, isOpen, onOpenChange }: ShortcutsHelpProps) {
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button className="btn btn-secondary grader-shortcuts-button">
        <span aria-hidden="true">⌨</span>
        <span className="grader-button-label">{s('keyboardshortcuts')}</span>
      </Button>
      <Popover className="menu-popover grader-shortcuts-popover" placement="bottom end">
        <Dialog className="grader-shortcuts">
          <Heading slot="title" className="grader-shortcuts-title">
            {s('keyboardshortcuts')}
          </Heading>
          <dl>
            {SHORTCUTS.map(([what, keys]) => (
              <div key={what}>
                <dt>{s(what)}</dt>
                <dd>
                  <Keys spec={s(keys)} />
                </dd>
              </div>
            ))}
          </dl>
          <p className="muted small">{s('shortcutsnote')}</p>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
