import '../test/fake-network';
import '../test/preload-user-menu';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testMe } from '../test/fixtures';
import { renderWithApp } from '../test/render-with-app';
import { UserMenu } from './user-menu';

const trigger = () => screen.getByRole('button', { name: /User menu$/ });

describe('UserMenu', () => {
  it('shows the trigger alone until pressed, then opens the menu on that one press', async () => {
    renderWithApp(<UserMenu me={testMe} />);
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.pointerDown(trigger(), { button: 0, pointerType: 'mouse' });
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain(testMe.name);
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeTruthy();
    // The open menu is modal: the page behind it, trigger included, is hidden from assistive technology.
    const pressed = screen.getByRole('button', { name: /User menu$/, hidden: true });
    expect(pressed.getAttribute('aria-expanded')).toBe('true');
  });

  it('ignores a right-click, as the menu it stands for does', async () => {
    renderWithApp(<UserMenu me={testMe} />);
    fireEvent.pointerDown(trigger(), { button: 2, pointerType: 'mouse' });
    fireEvent.keyDown(trigger(), { key: 'a' });
    // Loading on focus or hover is allowed; opening is not.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard with ArrowDown and closes with Escape, giving focus back to the trigger', async () => {
    renderWithApp(<UserMenu me={testMe} />);
    trigger().focus();
    fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    await screen.findByRole('menu');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger());
  });
});
