import { useEffect, useState, type FormEvent } from 'react';
import { Button, Checkbox, Label, ListBox, ListBoxItem, Popover, Radio, RadioGroup, Select, SelectValue } from 'react-aria-components';
import { COLOUR_SCHEMES, MAX_SLIDES, themeEssentialGetCarousel, themeEssentialGetSettings, themeEssentialSaveSettings, type ColourScheme, type ThemeSettings as Settings } from '../../../api/theme';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { announce } from '../../platform/announcer';
import { confirmDialog } from '../../platform/dialogs';
import { refocusMoveButton } from '../../platform/moveButtons';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { applyScheme, pageTheme } from './page';
import { SlideEditor } from './SlideEditor';
import { comparable, emptySlide, formValues, saveArgs, validate, type SettingsErrors, type SettingsValues, type SlideDraft } from './settingsForm';
import { COMPONENT, SCHEME_STRINGS } from './strings';
import './settings.css';

const STRINGS = [
  'themesettings',
  'themesettingsintro',
  'carouselheading',
  'slides',
  'addslide',
  'noslidesyet',
  'slidenumber',
  'slideuntitled',
  'moveup',
  'movedown',
  'moveslideup',
  'moveslidedown',
  'slidemovedto',
  'deleteslide',
  'deleteslidenamed',
  'deleteslidetitle',
  'deleteslideconfirm',
  'slidetitle',
  'slidecaption',
  'slideurl',
  'slideurl_help',
  'uploadimage',
  'replaceimage',
  'removeimage',
  'noimage',
  'noimagehelp',
  'newimage',
  'slideimagepreview',
  'slideimagenotimage',
  'slideimagetoolarge',
  'slideinterval',
  'slideinterval_help',
  'slideright',
  'slideright_help',
  'navbarheading',
  'navbarstyle',
  'navbarfixed',
  'navbarstatic',
  'navbarscrollupamount',
  'navbarscrollupamount_help',
  'coloursheading',
  'defaultcolours',
  'defaultcolours_help',
  'colourswitcher',
  'colourswitcher_help',
  'savechanges',
  'settingssaved',
  'formerrors',
  'intervalrange',
  'scrolluprange',
  'invalidlink',
  'toolong',
  'settingschanged',
  'reloadsettings',
  'maxslides',
  ...SCHEME_STRINGS,
];

/** The theme's settings page for those who configure the site: carousel slides, navbar and colours. */
export function ThemeSettings() {
  const s = useStrings(COMPONENT, STRINGS);
  const m = useStrings('moodle', ['administrationsite']);
  const settings = useWsQuery(themeEssentialGetSettings, {}, { staleTime: 0 });
  const breadcrumb = [{ label: m('administrationsite'), to: '/admin/' }];
  if (!settings.data) {
    return (
      <Page title={s('themesettings')} breadcrumb={breadcrumb}>
        <Loading />
      </Page>
    );
  }
  return (
    <Page title={s('themesettings')} breadcrumb={breadcrumb}>
      <SettingsForm key={settings.data.revision} settings={settings.data} s={s} onReload={() => void settings.refetch()} />
    </Page>
  );
}

function SchemeChoice({ value, onChange, s }: { value: ColourScheme; onChange: (scheme: ColourScheme) => void; s: StringLookup }) {
  return (
    <Select className="field scheme-choice" selectedKey={value} onSelectionChange={(key) => COLOUR_SCHEMES.includes(key as ColourScheme) && onChange(key as ColourScheme)} aria-describedby="theme-defaultcolours-help">
      <Label className="field-label">{s('defaultcolours')}</Label>
      <Button className="btn btn-secondary select-button">
        <SelectValue className="scheme-choice-value" />
        <span aria-hidden="true">▾</span>
      </Button>
      <p id="theme-defaultcolours-help" className="field-help">
        {s('defaultcolours_help')}
      </p>
      <Popover className="menu-popover">
        <ListBox className="menu">
          {COLOUR_SCHEMES.map((scheme) => (
            <ListBoxItem key={scheme} id={scheme} className="menu-item scheme-option" textValue={s(`colours_${scheme}`)}>
              <span className="scheme-swatch" data-swatch={scheme} aria-hidden="true">
                <span className="scheme-swatch-primary" />
              </span>
              {s(`colours_${scheme}`)}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

function SettingsForm({ settings, s, onReload }: { settings: Settings; s: StringLookup; onReload: () => void }) {
  const [initial] = useState(() => formValues(settings));
  const [values, setValues] = useState<SettingsValues>(initial);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [conflict, setConflict] = useState(false);
  const save = useWsMutation(themeEssentialSaveSettings, [themeEssentialGetSettings, themeEssentialGetCarousel], { quiet: true });
  const dirty = comparable(values) !== comparable(initial);
  useUnsavedChanges(dirty && !save.isSuccess);
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setSlides = (change: (slides: SlideDraft[]) => SlideDraft[]) => setValues((v) => ({ ...v, slides: change(v.slides) }));

  // Upload previews are object URLs: free them when the form goes.
  useEffect(
    () => () => {
      for (const slide of values.slides) if (slide.image.action === 'replace') URL.revokeObjectURL(slide.image.preview);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on leaving the page.
    [],
  );

  async function deleteSlide(index: number) {
    const slide = values.slides[index];
    if (!slide) return;
    const name = slide.title.trim() || s('slideuntitled', index + 1);
    const ok = await confirmDialog({ title: s('deleteslidetitle'), message: s('deleteslideconfirm', name), confirmLabel: s('deleteslide'), destructive: true });
    if (ok) setSlides((slides) => slides.filter((_, i) => i !== index));
  }

  /** Moves a slide in the form (saved with it); the move is announced and focus follows the slide. */
  function move(from: number, to: number) {
    const moved = values.slides[from];
    if (!moved) return;
    setSlides((slides) => {
      const next = [...slides];
      const [slide] = next.splice(from, 1);
      if (slide) next.splice(to, 0, slide);
      return next;
    });
    announce(s('slidemovedto', { name: moved.title.trim() || s('slideuntitled', from + 1), position: to + 1 }));
    refocusMoveButton('slide', moved.key, to < from ? 'up' : 'down');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values, { intervalrange: s('intervalrange'), scrolluprange: s('scrolluprange'), invalidlink: s('invalidlink'), toolong: s('toolong') });
    setErrors(found);
    setConflict(false);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.theme-settings .alert-error')?.focus());
      return;
    }
    save.mutate(saveArgs(values, settings.revision), {
      onSuccess: (saved) => {
        void addNotification({ message: s('settingssaved'), type: 'success' });
        // The site default shows at once for those who have not chosen a scheme of their own.
        if (!saved.colourswitcher || pageTheme().scheme === settings.defaultcolours) applyScheme(saved.defaultcolours);
      },
      onError: (error) => {
        if (error instanceof AjaxError && error.errorcode === 'settingschanged') {
          setConflict(true);
          return;
        }
        const fields = error instanceof AjaxError ? (error.fielderrors ?? []) : [];
        setErrors(fields.length ? Object.fromEntries(fields.map((f) => [f.field, f.message])) : { form: error.message });
      },
    });
  }

  const slideErrors = Object.entries(errors).filter(([field]) => field.startsWith('slides.')).map(([, message]) => message);
  return (
    <form className="theme-settings form-stack" onSubmit={submit} noValidate>
      <p className="muted">{s('themesettingsintro')}</p>
      {conflict && (
        <div className="alert alert-warning" role="alert">
          <p className="alert-message">{s('settingschanged')}</p>
          <Button className="btn btn-secondary" onPress={onReload}>
            {s('reloadsettings')}
          </Button>
        </div>
      )}
      <ErrorSummary title={s('formerrors')} errors={[errors.form, errors.slideinterval, errors.navbarscrollupamount, ...slideErrors]} />

      <section className="card form-stack" aria-labelledby="theme-carousel-heading">
        <h2 id="theme-carousel-heading">{s('carouselheading')}</h2>
        <div className="inline-fields">
          <FormField id="theme-slideinterval" label={s('slideinterval')} help={s('slideinterval_help')} error={errors.slideinterval}>
            <input
              id="theme-slideinterval"
              className="narrow-input"
              type="number"
              min={1}
              max={60}
              step={0.5}
              value={values.interval}
              onChange={(e) => set('interval', e.target.value)}
              {...describedBy('theme-slideinterval', errors.slideinterval, s('slideinterval_help'))}
            />
          </FormField>
          <div className="field-check">
            <Checkbox className="checkbox" isSelected={values.slideright} onChange={(on) => set('slideright', on)} aria-describedby="theme-slideright-help">
              <span className="checkbox-box" aria-hidden="true" />
              {s('slideright')}
            </Checkbox>
            <p id="theme-slideright-help" className="field-help">
              {s('slideright_help')}
            </p>
          </div>
        </div>
        <h3>{s('slides')}</h3>
        {values.slides.length === 0 ? (
          <p className="empty-state">{s('noslidesyet')}</p>
        ) : (
          <ol className="slide-editors">
            {values.slides.map((slide, index) => (
              <SlideEditor
                key={slide.key}
                slide={slide}
                index={index}
                count={values.slides.length}
                errors={errors}
                s={s}
                onChange={(next) => setSlides((slides) => slides.map((x) => (x.key === next.key ? next : x)))}
                onMove={(to) => move(index, to)}
                onDelete={() => void deleteSlide(index)}
              />
            ))}
          </ol>
        )}
        <div>
          <Button className="btn btn-secondary" isDisabled={values.slides.length >= MAX_SLIDES} onPress={() => setSlides((slides) => [...slides, emptySlide()])}>
            {s('addslide')}
          </Button>
          {values.slides.length >= MAX_SLIDES && <p className="field-help">{s('maxslides', MAX_SLIDES)}</p>}
        </div>
      </section>

      <section className="card form-stack" aria-labelledby="theme-navbar-heading">
        <h2 id="theme-navbar-heading">{s('navbarheading')}</h2>
        <RadioGroup className="radio-group" value={values.oldnavbar ? 'static' : 'fixed'} onChange={(v) => set('oldnavbar', v === 'static')}>
          <Label className="field-label">{s('navbarstyle')}</Label>
          <Radio className="radio" value="fixed">
            {s('navbarfixed')}
          </Radio>
          <Radio className="radio" value="static">
            {s('navbarstatic')}
          </Radio>
        </RadioGroup>
        <FormField id="theme-scrollup" label={s('navbarscrollupamount')} help={s('navbarscrollupamount_help')} error={errors.navbarscrollupamount}>
          <input
            id="theme-scrollup"
            className="narrow-input"
            type="number"
            min={0}
            max={2000}
            step={10}
            disabled={values.oldnavbar}
            value={values.scrollup}
            onChange={(e) => set('scrollup', e.target.value)}
            {...describedBy('theme-scrollup', errors.navbarscrollupamount, s('navbarscrollupamount_help'))}
          />
        </FormField>
      </section>

      <section className="card form-stack" aria-labelledby="theme-colours-heading">
        <h2 id="theme-colours-heading">{s('coloursheading')}</h2>
        <SchemeChoice value={values.defaultcolours} onChange={(scheme) => set('defaultcolours', scheme)} s={s} />
        <div className="field-check">
          <Checkbox className="checkbox" isSelected={values.colourswitcher} onChange={(on) => set('colourswitcher', on)} aria-describedby="theme-colourswitcher-help">
            <span className="checkbox-box" aria-hidden="true" />
            {s('colourswitcher')}
          </Checkbox>
          <p id="theme-colourswitcher-help" className="field-help">
            {s('colourswitcher_help')}
          </p>
        </div>
      </section>

      <div className="form-actions theme-settings-actions">
        <PendingButton isPending={save.isPending} type="submit" className="btn btn-primary" isDisabled={!dirty}>
          {s('savechanges')}
        </PendingButton>
      </div>
    </form>
  );
}
