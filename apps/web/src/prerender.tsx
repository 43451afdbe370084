/**
 * The server entry of the build-time prerender (vite.prerender.config.ts, run by scripts/prerender.mjs): renders
 * a visitor's page at a path to HTML, the same tree main.tsx hydrates (AppProviders with a static router), as a
 * visitor (lib/session.ts assumeSignedOut).
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContext } from './app/providers';
import { AppRoutes } from './app/routes';
import { assumeSignedOut } from './lib/session';

export { PRERENDERED_PATHS, prerenderedDocument, prerenderedFileName } from './app/prerendered';

/** The markup of #root for a visitor at `pathname`, lazy screens included (prerender waits for them). */
export async function renderPage(pathname: string): Promise<string> {
  assumeSignedOut();
  const { prelude } = await prerender(
    <StrictMode>
      <AppContext>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </AppContext>
    </StrictMode>,
  );
  return await new Response(prelude).text();
}
