import { json, network } from '../../../test/fake-network';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { ServerStatus } from './server-status';

describe('ServerStatus in the visitors’ footer', () => {
  it('tells a visitor nothing about a healthy server', async () => {
    network.answer('GET /api/health', () => json({ status: 'ok', db: 'ok' }));
    const { queryClient } = renderWithApp(<ServerStatus />);
    // Look once the answer is in: before it, an empty line proves nothing.
    await waitFor(() => expect(queryClient.getQueryState(['health'])?.status).toBe('success'));
    expect(screen.getByTestId('server-status').textContent).toBe('');
    expect(screen.queryByText(/Server and database/)).toBeNull();
  });

  it('says the server is unavailable when it does not answer', async () => {
    network.answer('GET /api/health', () => json({ error: { code: 'INTERNAL', message: 'down' } }, 503));
    renderWithApp(<ServerStatus />);
    expect((await screen.findByRole('status')).textContent).toBe('');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Server unavailable'));
  });
});
