import { pathToTab } from '@bookshelf/contract';
import { useLocation } from 'react-router';

const label = (segment: string) => {
  const words = segment.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A tab whose screen has not landed yet: it says so rather than pretending. */
export function TabPage() {
  const { pathname } = useLocation();
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
