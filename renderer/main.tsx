import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/App.js';
import { createQueryClient } from './app/query-client.js';
import { ScreenBoundary } from './app/ScreenBoundary.js';
import './app/theme.css';
import { startTheme } from './settings/theme.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
startTheme();

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <ScreenBoundary title="Postdeck ran into a problem">
        <App />
      </ScreenBoundary>
    </QueryClientProvider>
  </StrictMode>,
);
