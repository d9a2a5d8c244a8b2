import type { PageDefinition } from '../../platform/component';
import { moduleViewPage } from '../courseformat/pages';

/** `/mod/feedback/<file>?id=<cmid>`: guarded as the view page is (course and module access); each screen checks the rest through its calls. */
export function feedbackPage(file: 'edit.php' | 'complete.php' | 'analysis.php'): PageDefinition {
  return { ...moduleViewPage('feedback'), path: `/mod/feedback/${file}` };
}
