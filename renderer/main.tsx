import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './shell/App.js';
import { preloadCalendar } from './shell/AppShell.js';
import { createQueryClient } from './shell/query-client.js';
import { ScreenBoundary } from './ui/ScreenBoundary.js';
import './ui/theme.css';
import { startTheme } from './settings/theme.js';
import { routeExternalLinks } from './shell/external-links.js';
import { useUi } from './ui/ui-store.js';
import { setHour12 } from './ui/time-format.js';
import { prefetchAtStart } from './calendar/queries.js';
import { getClockPreference } from './desktop/queries.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
startTheme();
routeExternalLinks();
const client = createQueryClient();
// The calendar's chunk loads while main answers the first questions (profiles, brands, posts),
// which are asked now rather than after the first render.
if (useUi.getState().route === 'calendar') {
  void preloadCalendar().catch(() => undefined);
  prefetchAtStart(client);
}

// The OS's 12/24-hour setting, so the first paint already writes times on the user's clock. Main
// read it while the window loaded; a main that does not answer in time leaves the language's default.
// (A promise chain, not a top-level await: the security scan reads the bundle as ES2021.)
const clockKnown = getClockPreference({}).then(
  (clock) => setHour12(clock.hour12),
  () => undefined,
);
void Promise.race([clockKnown, new Promise((resolve) => setTimeout(resolve, 250))]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <ScreenBoundary title="Postdeck ran into a problem">
          <App />
        </ScreenBoundary>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
