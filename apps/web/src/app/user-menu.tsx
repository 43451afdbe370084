import type { Me } from '@bookshelf/contract';
import { Suspense, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { lazyScreen } from './lazy-screen';
import { userMenuTriggerClass, UserMenuTriggerContent } from './user-menu-trigger';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazyScreen(loadDropdown, 'UserMenuDropdown');
const preload = () => void loadDropdown().catch(() => undefined);

/**
 * The header's user menu (spec core.md §1). Radix's dropdown menu and its positioning engine are about a
 * quarter of the signed-in first download, for a menu most visits never open: until someone reaches for
 * it this is the same trigger alone, which starts loading the menu on hover or focus and opens it on the
 * keys and pointer press Radix's own trigger answers to.
 */
export function UserMenu({ me }: { me: Me }) {
  const [wanted, setWanted] = useState(false);

  if (wanted) {
    const placeholder = <TriggerOnly me={me} />;
    return (
      <Suspense fallback={placeholder}>
        <UserMenuDropdown me={me} defaultOpen />
      </Suspense>
    );
  }

  const onPointerDown = (event: PointerEvent) => {
    // As Radix's trigger: the main button only, no Ctrl-click (the context menu on macOS).
    if (event.button !== 0 || event.ctrlKey) return;
    event.preventDefault(); // the opening menu takes focus, as Radix's does
    setWanted(true);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    setWanted(true);
  };
  return (
    <TriggerOnly
      me={me}
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}

function TriggerOnly({
  me,
  ...handlers
}: {
  me: Me;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onPointerDown?: (event: PointerEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}) {
  return (
    <button
      type="button"
      title={me.name}
      aria-haspopup="menu"
      aria-expanded={false}
      className={userMenuTriggerClass}
      {...handlers}
    >
      <UserMenuTriggerContent me={me} />
    </button>
  );
}
