import type { StringManager } from '../../platform/strings';

/** The timezone value that means "whatever the server uses". */
export const SERVER_TIMEZONE = '99';

/** ISO 3166-1 alpha-2: every officially assigned country code. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS ' +
  'MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS ' +
  'RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW ' +
  'TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const COUNTRIES = new Set(COUNTRY_CODES);

/**
 * The IANA zones this server's ICU knows (so anything offered can be used to format dates), plus
 * UTC, which ICU lists only under its aliases.
 */
const TIMEZONES: readonly string[] = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].sort();
const TIMEZONE_SET = new Set(TIMEZONES);

export function isCountry(code: string): boolean {
  return COUNTRIES.has(code);
}

export function isTimezone(zone: string): boolean {
  return zone === SERVER_TIMEZONE || TIMEZONE_SET.has(zone);
}

/** A BCP 47 locale for a language pack code (pt_br → pt-BR), or English when ICU does not know it. */
function locale(lang: string): string {
  const [language = 'en', region] = lang.split('_');
  const tag = region ? `${language}-${region.toUpperCase()}` : language;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

export interface ProfileChoices {
  languages: Array<{ code: string; name: string }>;
  sitelang: string;
  timezones: Array<{ id: string; name: string }>;
  countries: Array<{ code: string; name: string }>;
}

/** What the user forms offer, named in the caller's language and sorted by name (zones by id). */
export function profileChoices(strings: StringManager, lang: string, sitelang: string): ProfileChoices {
  const tag = locale(lang);
  const regions = new Intl.DisplayNames([tag, 'en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(tag);
  const server = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return {
    languages: strings.languages().map((l) => ({ ...l })),
    sitelang: strings.installedOr(sitelang),
    timezones: [
      { id: SERVER_TIMEZONE, name: strings.get('timezoneserver', 'core_user', server, lang) },
      ...TIMEZONES.map((id) => ({ id, name: id.replace(/_/g, ' ') })),
    ],
    countries: COUNTRY_CODES.map((code) => ({ code, name: regions.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name)),
  };
}
