import { useState } from 'react';
import { Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { COLOUR_SCHEMES, themeEssentialSetColourScheme, type ColourScheme } from '../../../api/theme';
import { showException } from '../../platform/dialogs';
import { call } from '../../platform/ajax';
import { PendingButton } from '../../platform/PendingButton';
import { useStrings } from '../../platform/useStrings';
import { applyScheme, pageTheme } from './page';
import { COMPONENT, SCHEME_STRINGS } from './strings';

function Swatch({ scheme }: { scheme: ColourScheme }) {
  return (
    <span className="scheme-swatch" data-swatch={scheme} aria-hidden="true">
      <span className="scheme-swatch-primary" />
    </span>
  );
}

/**
 * The colour scheme chooser in the footer. A choice shows at once and is saved as the user's
 * preference; should the save fail, the page goes back to the scheme it had.
 */
export function ColourSchemeSwitcher() {
  const s = useStrings(COMPONENT, ['colourscheme', ...SCHEME_STRINGS]);
  const [scheme, setScheme] = useState<ColourScheme>(() => pageTheme().scheme);
  const [saving, setSaving] = useState(false);
  if (!pageTheme().colourSwitcher) return null;

  async function choose(next: ColourScheme) {
    const previous = scheme;
    if (next === previous) return;
    setScheme(next);
    applyScheme(next);
    setSaving(true);
    try {
      await call(themeEssentialSetColourScheme, { scheme: next });
    } catch (error) {
      setScheme(previous);
      applyScheme(previous);
      void showException(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Select className="scheme-switcher" selectedKey={scheme} onSelectionChange={(key) => COLOUR_SCHEMES.includes(key as ColourScheme) && void choose(key as ColourScheme)}>
      <Label className="scheme-switcher-label">{s('colourscheme')}</Label>
      <PendingButton className="btn btn-secondary scheme-switcher-button" isPending={saving} icon={<Swatch scheme={scheme} />}>
        <SelectValue>{() => s(`colours_${scheme}`)}</SelectValue>
        <span aria-hidden="true">▾</span>
      </PendingButton>
      <Popover className="menu-popover" placement="top start">
        <ListBox className="menu">
          {COLOUR_SCHEMES.map((option) => (
            <ListBoxItem key={option} id={option} className="menu-item scheme-option" textValue={s(`colours_${option}`)}>
              <Swatch scheme={option} />
              {s(`colours_${option}`)}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
