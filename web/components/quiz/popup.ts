/** The window features of Moodle's secure pop-up: full screen, scrollbars, no browser chrome. */
const POPUP_FEATURES = 'left=0,top=0,fullscreen=yes,scrollbars=yes,resizable=no,directories=no,toolbar=no,titlebar=no,location=no,status=no,menubar=no';

/**
 * Opens the empty "quizpopup" window while the click is still being handled (browsers block pop-ups
 * opened later); the attempt's address is loaded into it once the attempt has started. Null when blocked.
 */
export function openQuizPopup(): Window | null {
  const opened = window.open('about:blank', 'quizpopup', `${POPUP_FEATURES},width=${window.screen.availWidth},height=${window.screen.availHeight}`);
  opened?.focus();
  return opened;
}
