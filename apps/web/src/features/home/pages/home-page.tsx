import { primaryButton } from '../../../components/ui/button-styles';

const HIGHLIGHTS = [
  {
    title: 'Catalogue your collection',
    text: 'Every book you own, with what you paid, its edition and its condition, and what the whole library is worth.',
  },
  {
    title: 'Read anywhere',
    text: 'PDF, EPUB, MOBI and text files from your cloud drives, in a reader that remembers your page.',
  },
  {
    title: 'Read together',
    text: 'Friends, book clubs, shared lists and challenges, with goals and streaks to keep you going.',
  },
] as const;

/** The landing page for visitors (spec core.md §1): what Bookshelf is, and a way in. */
export function HomePage({ onSignUp }: { onSignUp: () => void }) {
  return (
    <section aria-labelledby="home-title" className="py-4 sm:py-10">
      <p className="inline-block rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
        AI-powered reading platform
      </p>
      <h1 id="home-title" className="mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
        Your library, your reading, your friends.
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-gray-600 dark:text-gray-400">
        Catalogue every book you own with what you paid for it, read PDF, EPUB, MOBI and text files in a reader that
        remembers your page, and share lists, clubs and challenges with friends.
      </p>
      <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3">
        <button type="button" onClick={onSignUp} className={`${primaryButton} px-6 py-3 text-base`}>
          Sign Up Free
        </button>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
          <li>✓ No credit card required</li>
          <li>✓ Free forever plan</li>
        </ul>
      </div>
      <ul className="mt-14 grid gap-4 sm:grid-cols-3">
        {HIGHLIGHTS.map((item) => (
          <li
            key={item.title}
            className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900"
          >
            <h2 className="font-semibold">{item.title}</h2>
            <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
