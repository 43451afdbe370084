import { apiError, deferred, json, network } from '../../../test/fake-network';
import { DEFAULT_DISPLAY_PREFERENCES, MoneyPaths, type MoneyPreferences } from '@bookshelf/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { CurrencyPreferencesForm } from './currency-preferences-form';

const GET = `GET ${MoneyPaths.preferences}`;
const PATCH = `PATCH ${MoneyPaths.preferences}`;
const saved: MoneyPreferences = {
  ...DEFAULT_DISPLAY_PREFERENCES,
  baseCurrency: 'INR',
  customPlatforms: [],
  ratesSource: 'fixed',
};

const codes = () => screen.getByLabelText<HTMLInputElement>('Show currency codes');

describe('CurrencyPreferencesForm', () => {
  it('moves a switch the moment it is clicked, even before the first answer, and keeps it once saved', async () => {
    const load = deferred();
    network.answer(GET, load.answer);
    const patch = deferred();
    network.answer(PATCH, patch.answer);
    renderWithApp(<CurrencyPreferencesForm />);
    expect(codes().checked).toBe(false);

    fireEvent.click(codes());
    await waitFor(() => expect(codes().checked).toBe(true));
    // The load that started before the change answers with the old value: the change stays on screen.
    await act(async () => load.release(json(saved)));
    expect(codes().checked).toBe(true);

    await act(async () => patch.release(json({ ...saved, showCodes: true })));
    await waitFor(() => expect(network.requests(PATCH)).toHaveLength(1));
    expect(network.requests(PATCH)[0]?.body).toEqual({ showCodes: true });
    expect(codes().checked).toBe(true);
  });

  it('puts a switch back when the server refuses it, and loads the settings again', async () => {
    const load = deferred();
    network.answer(GET, load.answer);
    const patch = deferred();
    network.answer(PATCH, patch.answer);
    renderWithApp(<CurrencyPreferencesForm />);
    fireEvent.click(codes());
    await waitFor(() => expect(codes().checked).toBe(true));
    network.answer(GET, saved);
    await act(async () => patch.release(apiError(500, 'Down for a moment')));
    await waitFor(() => expect(codes().checked).toBe(false));
    await waitFor(() => expect(network.requests(GET).length).toBeGreaterThanOrEqual(2));
  });
});
