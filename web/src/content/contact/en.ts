import type { ContactTexts } from './types';

const en: ContactTexts = {
  metaDescription: 'Write to the Nido team: questions, suggestions or trouble with your account.',
  title: 'Contact us',
  lead: 'Tell us what you need. We read every message and answer by email.',
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
  messageHint: "Don't include passwords or your children's medical details.",
  website: 'Website (leave empty)',
  send: 'Send message',
  nameRequired: 'Name is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  tooLong: 'The text is too long',
  failed: 'We could not send your message. Please try again.',
  sentTitle: 'Thank you for writing to us!',
  sentBody: 'We received your message and sent you a confirmation by email. We will answer soon.',
  sendAnother: 'Send another message',
  infoTitle: 'Other ways to reach us',
  infoMail: 'Support',
  infoPlace: 'Where we are',
  infoPlaceValue: 'Buenos Aires, Argentina',
  infoTime: 'Response time',
  infoTimeValue: 'Usually within 24 to 48 working hours',
  selfHelp: 'Looking for a quick answer?',
  helpLink: 'Help centre',
  faqLink: 'Frequently asked questions',
};

export default en;
