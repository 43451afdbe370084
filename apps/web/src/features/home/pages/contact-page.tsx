import { InfoPage } from '../components/info-page';

const SECTIONS = [
  {
    heading: 'Email',
    body: 'Write to the people who run this Bookshelf server; we answer within two working days.',
  },
  {
    heading: 'Bug reports and ideas',
    body: 'Tell us what you were doing, what you expected and what happened instead. Screenshots help.',
  },
  {
    heading: 'Response times',
    body: 'General questions: 2 working days. Account or sign-in problems: 1 working day.',
  },
] as const;

/** Contact Us (spec social.md §2); the community-pages issue adds the message form. */
export function ContactPage() {
  return (
    <InfoPage
      tab="contact"
      title="Contact Us"
      intro="Questions, problems or ideas for Bookshelf: we would like to hear them."
      sections={SECTIONS}
    />
  );
}
