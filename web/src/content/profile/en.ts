import type { ProfilePagesTexts } from './types';

const texts: ProfilePagesTexts = {
  suggestionsForm: {
    title: 'Your suggestion',
    lead: 'What would you improve in Nido? Your message reaches the team; nobody else sees it.',
    category: 'Kind (optional)',
    categories: {
      none: 'Not chosen',
      idea: 'An idea',
      problema: 'Something that does not work',
      otro: 'Something else',
    },
    message: 'Message',
    hint: 'Up to 5000 characters.',
    required: 'Write your suggestion',
    send: 'Send suggestion',
    failed: 'We could not send your suggestion. Please try again.',
  },
  helpCentre: {
    title: 'Help centre',
    lead: 'Search for a word or open a category: the guides explain Nido step by step.',
    moreTitle: 'Did not find what you were looking for?',
    moreBody: 'Write to us or read the frequently asked questions; if you think of an improvement, send us a suggestion.',
    contact: 'Contact support',
    faq: 'Frequently asked questions',
    suggest: 'Send a suggestion',
  },
  aboutNido: {
    title: 'About Nido',
    whatTitle: 'What Nido is',
    what: 'Nido is an open-source platform for separated parents: each child’s record and the people who share it, in one place.',
    open: 'No advertising, no trackers. Your data is yours: you can download it or close your account whenever you like.',
    version: 'Version',
    languages: 'Languages',
    languagesValue: 'Spanish and English',
    moreTitle: 'More about Nido',
  },
};

export default texts;
