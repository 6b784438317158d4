export interface ContactTexts {
  metaDescription: string;
  title: string;
  lead: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  messageHint: string;
  /** The honeypot's label: read only by programs that fill every field. */
  website: string;
  send: string;
  nameRequired: string;
  subjectRequired: string;
  messageRequired: string;
  tooLong: string;
  failed: string;
  sentTitle: string;
  sentBody: string;
  sendAnother: string;
  infoTitle: string;
  infoMail: string;
  infoPlace: string;
  infoPlaceValue: string;
  infoTime: string;
  infoTimeValue: string;
  selfHelp: string;
  helpLink: string;
  faqLink: string;
}
