export function HomePage() {
  return (
    <section aria-labelledby="home-title" className="max-w-2xl">
      <h1 id="home-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        Your library, your reading, your friends.
      </h1>
      <p className="mt-4 text-lg text-gray-600 dark:text-gray-400">
        Catalogue every book you own with what you paid for it, read PDF, EPUB, MOBI and text files in a reader that
        remembers your page, and share lists, clubs and challenges with friends.
      </p>
    </section>
  );
}
