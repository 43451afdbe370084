/**
 * A book's sections live in iframes: once the reader clicks into the text, keys go to the section's document and
 * never reach the reader's own key bindings. Each key is passed on, as a copy, from `host` in the reader's page;
 * when the reader's binding handles it (preventDefault), the section does not act on it too (Space scrolling).
 */
export function forwardKeys(doc: Document, host: HTMLElement): void {
  doc.addEventListener('keydown', (event) => {
    const copy = new KeyboardEvent('keydown', {
      key: event.key,
      code: event.code,
      location: event.location,
      repeat: event.repeat,
      ctrlKey: event.ctrlKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
      bubbles: true,
      cancelable: true,
    });
    if (!host.dispatchEvent(copy)) event.preventDefault();
  });
}
