/**
 * Placeholder images for slides without a picture (spec §9): a theme's background with the slide's
 * text centred, wrapped at 0.9 of the width, at least 10 pt. Colours are ours, chosen so the text
 * stays readable (at least 3:1 for its large size) on each theme.
 */
export const PLACEHOLDER_THEMES = {
  gray: { background: '#e9ecef', foreground: '#495057' },
  social: { background: '#3a5a97', foreground: '#ffffff' },
  industrial: { background: '#434a52', foreground: '#c2f200' },
  sky: { background: '#0d78b8', foreground: '#ffffff' },
  vine: { background: '#39dbac', foreground: '#1e292c' },
  lava: { background: '#f8591a', foreground: '#1c2846' },
} as const;
export type PlaceholderTheme = keyof typeof PLACEHOLDER_THEMES;
export const PLACEHOLDER_THEME_NAMES = Object.keys(PLACEHOLDER_THEMES) as PlaceholderTheme[];

/** Resizing redraws the placeholder once the window has stopped changing for this long. */
export const PLACEHOLDER_DEBOUNCE_MS = 100;
/** Lines wrap at this share of the image's width. */
export const LINE_WRAP_RATIO = 0.9;
/** The smallest text, in points. */
export const MIN_FONT_PT = 10;

const PX_PER_PT = 96 / 72;

/** The text size for an image: grows with the image (a sixteenth of its long side, within its short side), never under 10 pt. */
export function placeholderFontPx(width: number, height: number): number {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  return Math.max(MIN_FONT_PT * PX_PER_PT, 0.8 * Math.min(short, long / 16));
}

/**
 * Greedy word wrap: as many words per line as fit in `maxWidth`; a word longer than a line is broken
 * between characters.
 */
export function wrapText(text: string, maxWidth: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (word: string) => {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= maxWidth || !line) {
      line = candidate;
      return;
    }
    lines.push(line);
    line = word;
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (measure(word) <= maxWidth) {
      push(word);
      continue;
    }
    // A word wider than a line goes in pieces that each fit.
    let piece = '';
    for (const char of word) {
      if (piece && measure(piece + char) > maxWidth) {
        push(piece);
        piece = '';
      }
      piece += char;
    }
    if (piece) push(piece);
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws the placeholder into the canvas at the given CSS size, sharp on high-density screens. */
export function drawPlaceholder(canvas: HTMLCanvasElement, options: { text: string; theme: PlaceholderTheme; width: number; height: number; pixelRatio: number }): void {
  const { text, theme, pixelRatio } = options;
  const width = Math.max(1, Math.round(options.width));
  const height = Math.max(1, Math.round(options.height));
  canvas.width = Math.round(width * pixelRatio);
  canvas.height = Math.round(height * pixelRatio);
  const context = canvas.getContext('2d');
  if (!context) return;
  const colours = PLACEHOLDER_THEMES[theme];
  context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  context.fillStyle = colours.background;
  context.fillRect(0, 0, width, height);
  const size = placeholderFontPx(width, height);
  context.font = `600 ${size}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
  context.fillStyle = colours.foreground;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const lines = wrapText(text || `${width} × ${height}`, width * LINE_WRAP_RATIO, (line) => context.measureText(line).width);
  const lineHeight = size * 1.25;
  const top = height / 2 - ((lines.length - 1) * lineHeight) / 2;
  lines.forEach((line, index) => context.fillText(line, width / 2, top + index * lineHeight));
}
