import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { refetchOnMount } from './app/first-page.ts';
import { createAppRouter } from './app/router.tsx';
import { checkVersion } from './app/version-check.ts';
import { registerServiceWorker } from './features/push/index.ts';
import './lib/autofocus.ts';
import { initI18n } from './lib/i18n.ts';
import './styles/global.css';

const i18nReady = initI18n();
// A stale tab reloads once onto the new build; the service worker registers after that check.
// (The dev server rebuilds on its own, so it skips the check.)
const versionChecked = import.meta.env.DEV ? Promise.resolve('current') : checkVersion();
void versionChecked.then((result) => (result === 'reloaded' ? undefined : registerServiceWorker()));

const queryClient = new QueryClient({
  defaultOptions: {
    // Offline, reads still go out once: the service worker answers them with the last-read data.
    // Writes go out too (never held back), so they fail at once with the "you're offline" message.
    // The first page's data, read by its loaders just before it renders, is not read again as it mounts.
    queries: { retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst', refetchOnMount },
    mutations: { networkMode: 'always' },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The chosen language's strings come first, so a zh or ko reader never sees English flash by.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createAppRouter(queryClient)} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
