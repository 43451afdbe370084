import { primaryButton, secondaryButton } from '../../../components/ui/button-styles';

interface LibraryTeaserPageProps {
  onSignIn: () => void;
  onSignUp: () => void;
}

/** What a visitor sees at /books (spec core.md §2): what the library does, and the way in. */
export function LibraryTeaserPage({ onSignIn, onSignUp }: LibraryTeaserPageProps) {
  return (
    <section aria-labelledby="library-teaser-title" data-tab="library" className="max-w-3xl py-4 sm:py-10">
      <h1 id="library-teaser-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        A home for every book you own
      </h1>
      <p className="mt-4 text-lg text-gray-600 dark:text-gray-400">
        Add books by hand, by ISBN or from a Goodreads or LibraryThing export. Track what you are reading, what you lent
        out and what you wish for; search and filter it all in an instant.
      </p>
      <ul className="mt-6 list-disc space-y-1 pl-5 text-gray-700 dark:text-gray-300">
        <li>Reading status, ratings, reviews and notes</li>
        <li>Purchase details, signed and first editions</li>
        <li>Library value in your own currency</li>
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <button type="button" onClick={onSignUp} className={primaryButton}>
          Create your library
        </button>
        <button type="button" onClick={onSignIn} className={secondaryButton}>
          Sign in
        </button>
      </div>
    </section>
  );
}
