import { useHealth } from '../api/use-health';

/** Shows whether the server and its database answer, from a real /api/health call. */
export function ServerStatus() {
  const health = useHealth();
  if (health.isPending) return <span role="status">Checking the server…</span>;
  if (health.isError || health.data.db !== 'ok') {
    return (
      <span role="status" className="text-red-600 dark:text-red-400">
        Server unavailable
      </span>
    );
  }
  return (
    <span role="status" data-testid="server-status">
      Server and database OK
    </span>
  );
}
