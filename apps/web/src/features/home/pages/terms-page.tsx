import { InfoPage } from '../components/info-page';

const SECTIONS = [
  { heading: 'Acceptance of terms', body: 'By creating an account or using Bookshelf you agree to these terms.' },
  {
    heading: 'Accounts',
    body: 'You must be at least 13 years old to use Bookshelf; if you are under 18 you need the consent of a parent or guardian. Keep your password to yourself: you are responsible for what happens in your account.',
  },
  {
    heading: 'Acceptable use',
    body: 'Do not harass other readers, post unlawful content, share material you have no right to share, or try to break or overload the service.',
  },
  {
    heading: 'Intellectual property',
    body: 'Your notes, reviews and lists stay yours; you allow us to store and show them as your settings say. Book files you connect remain under their own licences.',
  },
  { heading: 'Privacy', body: 'Our Privacy Policy explains how we handle your data.' },
  {
    heading: 'Service availability',
    body: 'We work to keep Bookshelf available but cannot promise it will never be interrupted.',
  },
  {
    heading: 'Limitation of liability',
    body: 'Bookshelf is provided as is, without warranties, to the extent the law allows.',
  },
  {
    heading: 'Termination',
    body: 'You may close your account at any time. We may suspend accounts that break these terms.',
  },
  { heading: 'Governing law', body: 'These terms are governed by the law of the place where the operator is based.' },
  { heading: 'Changes', body: 'We will announce changes to these terms in the app before they take effect.' },
  {
    heading: 'Severability',
    body: 'If a part of these terms cannot be enforced, the rest still applies.',
  },
] as const;

/** Terms of Service (spec social.md §2, §5). */
export function TermsPage() {
  return (
    <InfoPage
      tab="terms"
      title="Terms of Service"
      note="Last updated and effective January 15, 2025"
      intro="The rules for using Bookshelf, in plain words."
      sections={SECTIONS}
    />
  );
}
