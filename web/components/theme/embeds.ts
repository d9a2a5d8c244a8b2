/** Players from these hosts are videos; other frames (tool launches, documents) keep their own size. */
const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|vimeo\.com|dailymotion\.com)$/i;

/** Elements never resized: the audio recorder, audio players (an id containing mp3), and whatever is inside them. */
const EXCLUDED = '#onlineaudiorecorder, [id*="mp3"]';

function isPdf(element: Element): boolean {
  const type = (element.getAttribute('type') ?? '').toLowerCase();
  const source = (element.getAttribute('data') ?? element.getAttribute('src') ?? '').split(/[?#]/)[0] ?? '';
  return type === 'application/pdf' || /\.pdf$/i.test(source);
}

function isVideoFrame(frame: Element): boolean {
  try {
    return VIDEO_HOSTS.test(new URL(frame.getAttribute('src') ?? '', window.location.href).hostname);
  } catch {
    return false;
  }
}

/** Whether an embedded element should scale with the width of the page, keeping its proportions. */
export function isResponsiveEmbed(element: Element): boolean {
  if (element.closest(EXCLUDED)) return false;
  switch (element.tagName.toLowerCase()) {
    case 'video':
      return true;
    case 'iframe':
      return isVideoFrame(element);
    case 'object':
    case 'embed':
      return !isPdf(element);
    default:
      return false;
  }
}

/** The width / height proportion the element asks for in its attributes (16 / 9 when it names none). */
export function embedRatio(element: Element): string {
  const width = Number(element.getAttribute('width'));
  const height = Number(element.getAttribute('height'));
  return width > 0 && height > 0 ? `${width} / ${height}` : '16 / 9';
}

/** Makes the embeds in (and including) `root` responsive; answers how many it changed. */
export function makeEmbedsResponsive(root: Element): number {
  const candidates = [...(root.matches('video, iframe, object, embed') ? [root] : []), ...root.querySelectorAll('video, iframe, object, embed')];
  let changed = 0;
  for (const element of candidates) {
    if (!(element instanceof HTMLElement) || element.classList.contains('responsive-embed') || !isResponsiveEmbed(element)) continue;
    element.classList.add('responsive-embed');
    // A video keeps its own proportions; frames and plugins take the ones their attributes give.
    if (element.tagName.toLowerCase() !== 'video') element.style.aspectRatio = embedRatio(element);
    changed += 1;
  }
  return changed;
}
