/** Book Summary (core.md §2, /books/{id}/summary). */
export function BookSummaryPage() {
  return <section data-tab="library" />;
}
