import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from 'react-aria-components';
import { App } from './app/App';
import { SHELL_STRINGS } from './app/shellStrings';
import { config } from './platform/config';
import { pageLocale } from './platform/intl';
import { log, setLevel } from './platform/log';
import { getStrings } from './platform/strings';
import './app/theme.css';
import './platform/direction.css';

setLevel(config().developerdebug ? 'debug' : 'warn');

// The shell's own strings are loaded (usually from the local cache) before the first paint, so the
// header and menus never flash empty.
try {
  await getStrings(SHELL_STRINGS.map((key) => ({ key })));
} catch (error) {
  log.error('could not load the interface strings', error);
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {/* Widgets (menus, popovers, arrow keys) follow the page language's direction, not the browser's. */}
      <I18nProvider locale={pageLocale()}>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
}
