import { InfoPage } from '../components/info-page';

const SECTIONS = [
  {
    heading: 'Library Management',
    body: 'Add books by hand, by ISBN or from a Goodreads or LibraryThing export. Give each one a status (owned, reading, read, lent or wishlist), purchase details and collector edition notes.',
  },
  {
    heading: 'Community',
    body: 'Follow friends, share reading lists, join book clubs and take part in reading challenges. You choose who sees your activity and your library.',
  },
  {
    heading: 'Account & Billing',
    body: 'Bookshelf is free. Change your name, password, reading goal and connected sign-in providers under Settings.',
  },
  {
    heading: 'Privacy & Security',
    body: 'Your books belong to you: export them at any time, and delete your account with everything in it from Settings.',
  },
] as const;

/** Help Center (spec social.md §2); the community-pages issue adds the FAQ search and accordion. */
export function HelpPage() {
  return (
    <InfoPage
      tab="help"
      title="Help Center"
      intro="Answers to the questions readers ask most. Still stuck? Write to us from the Contact Us page."
      sections={SECTIONS}
    />
  );
}
