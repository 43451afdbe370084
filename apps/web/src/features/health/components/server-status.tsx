import { useHealth } from '../api/use-health';

/**
 * Says so when the server or its database does not answer, from a real /api/health call: a visitor who cannot
 * sign in learns why. A healthy server says nothing; its health is the operator's business, not the visitor's.
 */
export function ServerStatus() {
  const health = useHealth();
  const down = health.status === 'error' || (health.status === 'success' && health.data.db !== 'ok');
  return (
    <span
      role="status"
      data-testid="server-status"
      data-checked={health.status !== 'pending'}
      className="text-red-600 dark:text-red-400"
    >
      {down ? 'Server unavailable' : ''}
    </span>
  );
}
