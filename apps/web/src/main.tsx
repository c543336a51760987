import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './index.css';
import { App, createAppRouter } from './app/app';
import { applyDeferredStylesheets } from './lib/deferred-styles';
import { listenForInstallOffer } from './lib/install-prompt';
import { startServiceWorker } from './lib/service-worker';

// Before anything renders: the full stylesheet a prerendered page deferred, and the browser may offer installation
// at once.
applyDeferredStylesheets();
listenForInstallOffer();

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const router = await createAppRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // Public pages arrive prerendered (src/entry-server.tsx): take over their markup; every other page starts empty.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
startServiceWorker();
