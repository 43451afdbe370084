import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SidebarDrawer } from './sidebar-drawer';

/** The phone header's toggle, a plain button (no Dialog.Trigger), as in the shell. */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Toggle sidebar
      </button>
      <SidebarDrawer open={open} onOpenChange={setOpen}>
        <a href="/books">My Library</a>
      </SidebarDrawer>
    </>
  );
}

describe('SidebarDrawer', () => {
  it('gives focus back to the toggle when it closes', async () => {
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    toggle.focus();
    fireEvent.click(toggle);
    const drawer = await screen.findByRole('dialog', { name: 'Bookshelf' });
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });
});
