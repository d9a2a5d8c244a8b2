import { COLOUR_SCHEMES } from '../../../api/theme';

/** The theme's language pack. */
export const COMPONENT = 'theme_essential';

/** The names of the colour schemes, one string each. */
export const SCHEME_STRINGS: readonly string[] = COLOUR_SCHEMES.map((scheme) => `colours_${scheme}`);
