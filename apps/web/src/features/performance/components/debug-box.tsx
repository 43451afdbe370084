import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

function connectionType(): string {
  return (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType ?? 'unknown';
}

/**
 * The debug box (spec core.md §2), shown when local storage holds debug = true: where the app thinks it is
 * and what it runs on, for a bug report. It shows nothing the person does not already have.
 */
export function DebugBox() {
  const { pathname } = useLocation();
  const [viewport, setViewport] = useState(() => `${window.innerWidth}×${window.innerHeight}`);
  const [online, setOnline] = useState(() => navigator.onLine);

  useEffect(() => {
    const onResize = () => setViewport(`${window.innerWidth}×${window.innerHeight}`);
    const onConnection = () => setOnline(navigator.onLine);
    window.addEventListener('resize', onResize);
    window.addEventListener('online', onConnection);
    window.addEventListener('offline', onConnection);
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener('online', onConnection);
      window.removeEventListener('offline', onConnection);
    };
  }, []);

  return (
    <aside
      aria-label="Debug"
      className="fixed bottom-3 left-3 z-50 max-w-[calc(100vw-1.5rem)] rounded-lg border border-gray-300 bg-white/95 px-3 py-2 font-mono text-xs text-gray-900 shadow dark:border-gray-700 dark:bg-gray-900/95 dark:text-gray-100"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        <dt>Path</dt>
        <dd className="break-all">{pathname}</dd>
        <dt>Viewport</dt>
        <dd>{viewport}</dd>
        <dt>Network</dt>
        <dd>{online ? `online, ${connectionType()}` : 'offline'}</dd>
        <dt>Mode</dt>
        <dd>{import.meta.env.MODE}</dd>
      </dl>
    </aside>
  );
}
