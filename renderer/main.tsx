import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/App.js';
import { createQueryClient } from './app/query-client.js';
import { ScreenBoundary } from './app/ScreenBoundary.js';
import './app/theme.css';
import { startTheme } from './settings/theme.js';
import { routeExternalLinks } from './app/external-links.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
startTheme();
routeExternalLinks();

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <ScreenBoundary title="Postdeck ran into a problem">
        <App />
      </ScreenBoundary>
    </QueryClientProvider>
  </StrictMode>,
);
