import { installTzdbZones } from '@shiftline/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { createAppRouter } from './app/router';

// Before anything computes a time: Luxon reads the thirteen zones from the shared tz table, never the browser's ICU
// (a call, not an import for its effect, so that the bundler's tree-shaking of shared cannot drop it).
installTzdbZones();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
