/** The core strings of the language settings page (one list, so they arrive in one call). */
export const LANGUAGE_SETTINGS_STRINGS = [
  'administrationsite',
  'languagesettings',
  'sitelang',
  'sitelanghelp',
  'savechanges',
  'languagesaved',
  'languagepacks',
  'language',
  'languagepackcode',
  'textdirection',
  'ltr',
  'rtl',
  'translatedstrings',
  'translatedof',
  'defaultlanguage',
] as const;
