import { network } from '../test/fake-network';
import { AuthPaths } from '@bookshelf/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render-with-app';
import { readMirror, writeMirror } from './money/preferences-mirror';
import { useSignOut } from './sign-out';

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => signOut.mutate()}>
      Sign out
    </button>
  );
}

describe('signing out', () => {
  it('forgets the money settings’ copy, so the next reader’s base currency is never the last one’s', async () => {
    network.answer(`POST ${AuthPaths.logout}`, {});
    writeMirror({
      baseCurrency: 'GBP',
      showMultipleCurrencies: true,
      showConversionRates: true,
      showSymbols: true,
      showCodes: false,
    });
    renderWithApp(<SignOutButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(readMirror()).toBeNull());
    expect(network.requests(`POST ${AuthPaths.logout}`)).toHaveLength(1);
  });
});
