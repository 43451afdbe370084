import { InfoPage } from '../components/info-page';

const SECTIONS = [
  {
    heading: 'Information we collect',
    body: 'Your name, e-mail address and password (stored only as a one-way hash), the books and notes you add, and, if you connect them, the names of files in your cloud drives.',
  },
  {
    heading: 'How we use it',
    body: 'Only to run Bookshelf for you: show your library, sync your drives, and share what you choose to share with friends. We do not sell your data or show advertising.',
  },
  {
    heading: 'Sharing',
    body: 'Other readers see only what your privacy settings allow. Sign-in providers receive nothing beyond the sign-in itself.',
  },
  {
    heading: 'Security',
    body: 'Sessions use secure, http-only cookies; drive tokens are encrypted at rest; every request is checked against its owner.',
  },
  {
    heading: 'Your rights and choices',
    body: 'You can export your data, correct it, and delete your account and everything in it at any time from Settings.',
  },
  {
    heading: 'International transfers',
    body: 'Your data stays on the server that runs this Bookshelf and with the storage providers it is configured to use.',
  },
] as const;

/** Privacy Policy (spec social.md §2). */
export function PrivacyPage() {
  return (
    <InfoPage
      tab="privacy"
      title="Privacy Policy"
      note="Last updated January 15, 2025"
      intro="What Bookshelf keeps about you, why, and what you can do about it."
      sections={SECTIONS}
    />
  );
}
