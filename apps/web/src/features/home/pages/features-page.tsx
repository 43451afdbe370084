import { primaryButton } from '../../../components/ui/button-styles';
import { InfoPage } from '../components/info-page';

const SECTIONS = [
  {
    heading: 'Library Management',
    body: 'Catalogue every book with its format, edition and purchase details; import from Goodreads and LibraryThing; see what your collection is worth.',
  },
  {
    heading: 'Community Features',
    body: 'Friends, shared reading lists, book clubs with discussions, and reading challenges with badges.',
  },
  {
    heading: 'AI-Powered Insights',
    body: 'Recommendations and reading summaries drawn from your own library and reading history.',
  },
  {
    heading: 'Reading Analytics',
    body: 'Time read, pages, streaks and goals, from the built-in reader for PDF, EPUB, MOBI and text files.',
  },
] as const;

/** Platform Features (spec social.md §2). `onGetStarted` is given to visitors, who can still sign up. */
export function FeaturesPage({ onGetStarted }: { onGetStarted?: () => void }) {
  return (
    <InfoPage
      tab="features"
      title="Platform Features"
      intro="Everything Bookshelf does for readers and collectors."
      sections={SECTIONS}
    >
      {onGetStarted && (
        <button type="button" onClick={onGetStarted} className={`${primaryButton} mt-8`}>
          Start Free Trial
        </button>
      )}
    </InfoPage>
  );
}
