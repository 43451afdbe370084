import { isScreenPath, pathToTab } from '@bookshelf/contract';
import { useLocation } from 'react-router';
import { NotFoundPage } from './not-found-page';

const label = (segment: string) => {
  const words = segment.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A screen of the spec whose feature has not landed yet says so rather than pretending; any other address
 * the routes did not match is Not found.
 */
export function TabPage() {
  const { pathname } = useLocation();
  if (!isScreenPath(pathname)) return <NotFoundPage />;
  const segment = pathname.split('/')[1] || pathToTab(pathname);
  return (
    <section aria-labelledby="tab-title" data-tab={pathToTab(pathname)}>
      <h1 id="tab-title" className="text-2xl font-semibold">
        {label(segment)}
      </h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">This screen is on its way in a coming release.</p>
    </section>
  );
}
