import { vi } from 'vitest';

/** Radix positions its menus with ResizeObserver, which jsdom lacks: a do-nothing one stands in. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
