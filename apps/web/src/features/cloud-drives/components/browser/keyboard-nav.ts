/**
 * Where an arrow key moves focus among `count` items laid out `columns` per row (1 in the list): left/right
 * by one, up/down by a row, Home/End to the ends; it stays put at the edges.
 */
export function moveFocus(key: string, index: number, count: number, columns: number): number | null {
  const cols = Math.max(1, columns);
  const clamp = (value: number) => Math.min(count - 1, Math.max(0, value));
  switch (key) {
    case 'ArrowLeft':
      return clamp(index - 1);
    case 'ArrowRight':
      return clamp(index + 1);
    case 'ArrowUp':
      return index - cols >= 0 ? index - cols : index;
    case 'ArrowDown':
      return index + cols < count ? index + cols : index;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** How many items sit in the first row of a wrapped grid (what the layout decided for this width). */
export function columnsOf(container: HTMLElement | null): number {
  const items = container ? [...container.querySelectorAll<HTMLElement>('[data-file-index]')] : [];
  const top = items[0]?.offsetTop;
  if (top === undefined) return 1;
  const firstRow = items.findIndex((item) => item.offsetTop !== top);
  return firstRow === -1 ? items.length : firstRow;
}
