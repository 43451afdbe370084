/** Book Details (core.md §2, /books/{id}). */
export function BookDetailsPage() {
  return <section data-tab="library" />;
}
