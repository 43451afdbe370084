import { json, network } from '../../../test/fake-network';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { healthRetriesForTests } from '../api/use-health';
import { renderWithApp } from '../../../test/render-with-app';
import { ServerStatus } from './server-status';

describe('ServerStatus in the visitors’ footer', () => {
  beforeAll(() => healthRetriesForTests(false));

  it('tells a visitor nothing about a healthy server', async () => {
    network.answer('GET /api/health', () => json({ status: 'ok', db: 'ok' }));
    renderWithApp(<ServerStatus />);
    // Look once the answer is in: before it, an empty line proves nothing.
    await waitFor(() => expect(screen.getByTestId('server-status').dataset.checked).toBe('true'));
    expect(screen.getByTestId('server-status').textContent).toBe('');
    expect(screen.queryByText(/Server and database/)).toBeNull();
  });

  it('says the server is unavailable when it does not answer', async () => {
    network.answer('GET /api/health', () => json({ error: { code: 'INTERNAL', message: 'down' } }, 503));
    renderWithApp(<ServerStatus />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Server unavailable'));
  });
});
