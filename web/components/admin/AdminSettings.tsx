import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { NotFound } from '../../app/NotFound';
import { LanguageSettings } from '../lang/LanguageSettings';
import { ReportSettings, REPORT_SETTINGS_SECTION } from '../report/ReportSettings';
import { IdentitySettings } from '../user/IdentitySettings';

/** The settings pages under /admin/settings.php, by `section`; components add theirs here. */
const SECTIONS: Readonly<Record<string, ComponentType>> = {
  identity: IdentitySettings,
  langsettings: LanguageSettings,
  [REPORT_SETTINGS_SECTION]: ReportSettings,
};

/** `/admin/settings.php?section=…`: one section of site settings (the server checks moodle/site:config). */
export function AdminSettings() {
  const [params] = useSearchParams();
  const Section = SECTIONS[params.get('section') ?? ''];
  return Section ? <Section /> : <NotFound />;
}
