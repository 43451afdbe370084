import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { canHydrate } from './app/prerendered';
import { AppProviders } from './app/providers';
import { assumeSignedOut } from './lib/session';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders />
  </StrictMode>
);

if (canHydrate(root, window.location)) {
  // Rendered for a visitor at build time: hydrate as one. The session check still runs at once, and a browser
  // that is signed in after all re-renders into its shell (lib/session.ts assumeSignedOut).
  assumeSignedOut();
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
