/** The library screen (core.md §2, /books). */
export function LibraryPage() {
  return (
    <section aria-labelledby="library-title" data-tab="library">
      <h1 id="library-title" className="text-2xl font-semibold">
        My Library
      </h1>
    </section>
  );
}
