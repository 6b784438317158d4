import type { LegalBlock, LegalSection, LegalTexts } from './types';

const contactSection = (intro: string, links: { label: string; to: string }[] = []): LegalSection => ({
  id: 'contact',
  heading: 'Contact',
  blocks: [
    { kind: 'p', text: `${intro} Write to us at soporte@nido.app. Nido is run by a small remote software company based in Buenos Aires, Argentina.` },
    { kind: 'links', items: [{ label: 'Contact form', to: '/contact' }, ...links] },
  ],
});

const retention: LegalBlock = {
  kind: 'terms',
  items: [
    {
      term: 'Account data',
      text: 'For as long as the account is active. If you close it, the 90-day grace period described below applies; when it ends we erase the account and keep nothing that identifies you. Only if a claim or proceeding under way required it would we keep what it needs, and never longer than 3 years after closing.',
    },
    {
      term: 'Communications',
      text: 'Messages you exchange with support are kept for up to 7 years, because they may be needed as a record in a claim or a family proceeding. Messages between co-parents are part of the family record: they are not deleted one by one and are kept while the family exists, even if their author closes their account (they then show as from a deleted account).',
    },
    {
      term: 'Usage data',
      text: 'Nido uses no analytics tools today. Server technical logs and any usage statistics are anonymised after 26 months at the latest.',
    },
    {
      term: 'Sessions and links',
      text: 'A session is deleted when it is ended (you can do that from any of your devices) or after 30 days without use. The link to confirm your email expires after 7 days, an email change link after 24 hours, and a password reset link after 1 hour; each works only once.',
    },
    {
      term: 'Closed account',
      text: 'You close it yourself from your profile, and it closes at once along with all your sessions. For 90 days we keep your data in case you change your mind: during that time, signing in offers to reactivate the account. After 90 days, an automatic process deletes it permanently.',
    },
  ],
};

const erasure: LegalBlock[] = [
  {
    kind: 'p',
    text: 'When the 90-day grace period ends, an automatic process permanently deletes your account and your personal data: first name, last name, email, phone, profile photo, language, your two-step verification settings, all your sessions, any pending links and the files of your own that you uploaded.',
  },
  {
    kind: 'p',
    text: "Children's records are not yours alone: they belong to the family. If another co-parent in that family still uses Nido, the records you shared (with their photos, school, medical and contact details) stay with that family, and your name no longer appears in it. If you were a family's only member, that family is deleted along with its children's records and their photos.",
  },
  {
    kind: 'p',
    text: 'Beyond that, only what the communications rule above covers and what a law requires us to keep (for example invoices, once billing exists) remains, for as long as that law says.',
  },
];

export const legalEn: LegalTexts = {
  ui: {
    lastUpdated: 'Last updated',
    contents: 'Contents',
    backToTop: 'Back to contents',
    privacyPolicyOf: 'Privacy policy of',
    otherDocuments: 'Other legal documents',
  },
  docs: {
    terms: {
      title: 'Terms and conditions',
      summary: 'The rules for using Nido: who can hold an account, what the service offers today, how the plans work and what happens if you leave.',
      sections: [
        {
          id: 'acceptance',
          heading: '1. Acceptance',
          blocks: [
            { kind: 'p', text: 'These terms govern the use of the Nido service, run by a small remote software company based in Buenos Aires, Argentina ("we"). By creating an account or using Nido you accept these terms, the privacy policy and the cookie policy.' },
            { kind: 'p', text: 'If you disagree with any part, please do not use the service. If something is unclear, ask us first: we would rather explain it than have you accept it without understanding.' },
          ],
        },
        {
          id: 'service',
          heading: '2. What Nido is',
          blocks: [
            { kind: 'p', text: 'Nido is an open-source platform for separated and divorced parents. It keeps each child\'s information in one place and shares it with the people who raise them.' },
            { kind: 'p', text: "Today you can create an account and keep a record for each child: basic details, school, health, appointments, activities, emergency contacts and photos, shared within your family. From your profile you can edit your details and photo, change your email and password, see and end your open sessions, turn on two-step verification with an authenticator app, download a copy of your data and close your account. You can also invite other people to your family, by email or with a code. Nido lets you know when someone in your family changes something, inside the app and, unless you turn it off, by email or with push notifications. You can talk with your co-parents through messages, with attachments, which go into the family record and cannot be edited or deleted. You can also share a calendar with your co-parents: events with reminders, the custody schedule with its holiday periods and night swaps that need the other parent's answer, and a private feed for your phone's calendar app. Expenses and documents are being built; we will announce them when they are available." },
            { kind: 'p', text: 'Nido is an organising tool. It does not give legal, medical or psychological advice, and it does not replace a custody agreement or a court order.' },
          ],
        },
        {
          id: 'eligibility',
          heading: '3. Who can use Nido',
          blocks: [
            { kind: 'list', items: [
              'You must be 18 or older to hold an account.',
              "Minors cannot hold an account, not even with their parents' permission.",
              'We do not collect data directly from children under 13. Children\'s information is entered by their parents or guardians, who are responsible for it.',
              "By entering a child's details you confirm that you have parental responsibility or the authorisation needed to do so.",
            ] },
          ],
        },
        {
          id: 'account',
          heading: '4. Your account',
          blocks: [
            { kind: 'list', items: [
              'Each account is personal: one person, one email. Do not share it with anyone, including the other parent; each of you has your own.',
              'Use true details and keep your email up to date: it is how we tell you about important changes and how you can recover access.',
              'Look after your password and, if you can, turn on two-step verification from your profile. We will never ask for your password or your codes by email, phone or message.',
              'If you think someone got into your account, change your password (that ends your other sessions), check your open sessions under Privacy and security and write to soporte@nido.app.',
            ] },
          ],
        },
        {
          id: 'family',
          heading: '5. Families and co-parents',
          blocks: [
            { kind: 'p', text: "In Nido, children's information belongs to a family. Every member of the family sees and can edit the same records. Besides the two parents, a family can include other people who look after the children, such as guardians, grandparents or caregivers, invited by email or with a code." },
            { kind: 'p', text: "Only invite people you trust with your children's information. Each member is responsible for what they enter and for how they use what they see." },
          ],
        },
        {
          id: 'content',
          heading: '6. Your content',
          blocks: [
            { kind: 'p', text: "What you enter in Nido remains yours and your family's. You give us only the permission needed to store it, process it (for example, resize a photo and remove its location data) and show it to the members of your family. We do not use it for advertising, we do not sell it and we show it to no one else." },
            { kind: 'p', text: 'You are responsible for what you enter being correct and for having the right to share it.' },
          ],
        },
        {
          id: 'acceptable-use',
          heading: '7. Acceptable use',
          blocks: [
            { kind: 'p', text: 'You may not:' },
            { kind: 'list', items: [
              'use Nido to harass, threaten or monitor another person;',
              "enter information about children who are not in your care, or other people's data without their permission;",
              'upload illegal, violent or sexual content, or files with malicious code;',
              "try to get into other people's accounts, get around the service's limits or overload it;",
              'resell access to the service or impersonate someone else.',
            ] },
          ],
        },
        {
          id: 'plans',
          heading: '8. Plans, free trial and prices',
          blocks: [
            { kind: 'p', text: 'Every plan includes the same features; only how often you pay changes:' },
            { kind: 'terms', items: [
              { term: 'Weekly', text: '0.99 USD per week.' },
              { term: 'Monthly', text: '5.99 USD per month.' },
              { term: 'Yearly', text: '39.99 USD per year (33% less than twelve months of the monthly plan).' },
            ] },
            { kind: 'p', text: 'Every plan starts with a 30-day free trial, with no credit card.' },
            { kind: 'note', text: 'Billing is not active yet: nobody pays to use Nido today. Before it starts we will tell you by email, and you will never be charged unless you have chosen a plan and a payment method.' },
            { kind: 'p', text: 'Prices may change. We will give you at least 30 days\' notice before a price change applies to your plan, and you can cancel before then if you disagree. Prices do not include any taxes that apply in your country.' },
          ],
        },
        {
          id: 'cancellation',
          heading: '9. Closing your account',
          blocks: [
            { kind: 'p', text: 'You can close your account whenever you like, at no cost, from your profile (Edit profile › Danger zone): we ask you to type the word "delete" and your password. The account closes at once and all your sessions end. If you prefer, you can also ask us by writing to soporte@nido.app from your account\'s email address.' },
            { kind: 'p', text: "After closing we keep your data for 90 days; during that time, if you sign in, we offer to reactivate the account. After 90 days we permanently delete your personal data. Children's records you shared with a co-parent who still uses Nido stay with that family. The privacy policy details what is deleted and what is kept." },
          ],
        },
        {
          id: 'open-source',
          heading: '10. Open-source software',
          blocks: [
            { kind: 'p', text: "Nido's code is public and anyone can install it on their own servers under the project's licence. These terms apply only to the Nido service we run. If you use an installation run by another person or organisation, that party is responsible for it and for the data it stores." },
          ],
        },
        {
          id: 'availability',
          heading: '11. Availability and changes to the service',
          blocks: [
            { kind: 'p', text: 'We do our best to keep Nido running at all times, but there may be interruptions for maintenance or because of faults. The state of the service is published on the status page.' },
            { kind: 'p', text: 'The service changes: we add features and sometimes remove one. If we remove something you use, we will tell you in good time so you can keep your information.' },
            { kind: 'links', items: [{ label: 'System status', to: '/status' }] },
          ],
        },
        {
          id: 'liability',
          heading: '12. Liability',
          blocks: [
            { kind: 'p', text: "Nido is provided as is. As far as the law allows, we are not liable for indirect damages or for decisions taken on the basis of information entered by a family's members. Nothing in these terms limits the rights consumer protection law gives you in your country." },
          ],
        },
        {
          id: 'termination',
          heading: '13. Suspending accounts',
          blocks: [
            { kind: 'p', text: 'We may suspend or close an account that breaks these terms, above all if it puts a child or another person at risk. Unless it is urgent or the law prevents it, we will tell you beforehand and explain why.' },
          ],
        },
        {
          id: 'changes',
          heading: '14. Changes to these terms',
          blocks: [
            { kind: 'p', text: 'If we change these terms, we will update the date on this page. If the change is significant, we will email you at least 30 days before it applies. If you keep using Nido after that date, you accept the new terms.' },
          ],
        },
        {
          id: 'law',
          heading: '15. Governing law',
          blocks: [
            { kind: 'p', text: 'These terms are governed by the laws of the Argentine Republic, and any dispute will be settled by the courts of the Autonomous City of Buenos Aires, without prejudice to the rights the law of your country of residence gives you.' },
          ],
        },
        contactSection('Questions about these terms?'),
      ],
    },

    privacy: {
      title: 'Privacy policy',
      summary: 'What data Nido keeps, what for, who sees it, how long we keep it and how to exercise your rights.',
      sections: [
        {
          id: 'summary',
          heading: 'In short',
          blocks: [
            { kind: 'note', text: 'We keep only what your family needs to organise its children\'s lives. Only your family\'s members see it. We do not sell data, show advertising or use advertising trackers.' },
          ],
        },
        {
          id: 'controller',
          heading: '1. Who is responsible',
          blocks: [
            { kind: 'p', text: 'The controller of the Nido service\'s data is the small software company that runs it, working remotely from Buenos Aires, Argentina. For any privacy matter, write to soporte@nido.app.' },
            { kind: 'p', text: 'Nido is open-source software. If you use an installation run by another person or organisation, whoever runs that installation is responsible for your data.' },
          ],
        },
        {
          id: 'data',
          heading: '2. What data we keep',
          blocks: [
            { kind: 'terms', items: [
              { term: 'Your account', text: 'First name, last name, email (and whether you have confirmed it), phone (optional), profile photo (optional), preferred language and your password, stored only as a hash. If you ask to change your email, also the new address, until you confirm it or the link expires.' },
              { term: "Children's records", text: 'What you and the other family members enter: name, date of birth, school details, health information (blood type, allergies, medication, conditions), medical appointments, activities, emergency contacts and photos.' },
              { term: 'Sessions', text: 'When you sign in we create a random identifier; our servers store only its hash, together with the browser, the IP address and the time of last activity, so that you can see your open sessions and end any you do not recognise.' },
              { term: 'Two-step verification', text: 'If you turn it on, the key of your authenticator app (we need it to check each code) and your recovery codes, stored only as hashes.' },
              { term: 'Technical logs', text: 'The IP address and time of some requests, for a short time, to stop abusive sign-in attempts and diagnose errors.' },
              { term: 'Notifications', text: 'Your notices, whether you have read them, and your preferences: what to get by email or push, quiet hours, discreet mode and the summary. For each device where you turn on push notifications, the address that browser’s push service gives you (run by Google, Apple or Mozilla, depending on the browser), its keys and the browser’s name. That service receives each notification encrypted for your device and cannot read it. We delete it when you remove the device, sign out on it, or the service tells us it no longer exists.' },
              { term: 'Messages between co-parents', text: 'Conversations (topic, subject and participants), each message with its text, kind, attachments and the time each recipient first viewed it, and your shield setting. Attachments are stored encrypted; images, without location data. The text is checked inside Nido for the help with tone, without sending it to any other service.' },
              { term: 'Communications', text: 'The messages you send to support or through the contact form.' },
            ] },
          ],
        },
        {
          id: 'children',
          heading: "3. Children's data",
          blocks: [
            { kind: 'list', items: [
              'Only people aged 18 or over can hold an account; minors cannot sign up.',
              "We do not collect data directly from children under 13. Children's data is entered by their parents or guardians, who are responsible for it.",
              "Children's health information is processed only to keep the family's records and with the parents' consent. We use it for nothing else.",
              'If you believe a child gave us data without a responsible adult, write to us and we will delete it.',
            ] },
          ],
        },
        {
          id: 'use',
          heading: '4. What we use data for',
          blocks: [
            { kind: 'list', items: [
              'Providing the service: storing the records and showing them to the members of your family.',
              'Sending you service emails: confirming your address or an email change, resetting your password, telling you that your password changed or that you closed your account, and acknowledging what you write to us. We send no advertising.',
              'Protecting accounts and the service from unauthorised access and abuse.',
              'Answering your questions and meeting legal obligations.',
            ] },
            { kind: 'p', text: 'We do not sell or rent data, build advertising profiles or take automated decisions about you.' },
          ],
        },
        {
          id: 'legal-bases',
          heading: '5. Legal bases',
          blocks: [
            { kind: 'p', text: "We process data because it is needed for the contract you accept when you create the account, because you give us your consent (for example, for your children's health information), because a law requires it, or because of our legitimate interest in keeping the service secure. The GDPR page explains this in detail." },
          ],
        },
        {
          id: 'sharing',
          heading: '6. Who can see your data',
          blocks: [
            { kind: 'list', items: [
              "The members of your family in Nido, and nobody else, see the children's records and the other members' basic details.",
              'The providers we need to operate, such as server hosting or email delivery, only as far as necessary and under contract.',
              'An authority, only if a law or a court order requires it; in that case we check that the request is valid.',
            ] },
          ],
        },
        {
          id: 'security',
          heading: '7. How we protect data',
          blocks: [
            { kind: 'list', items: [
              'Passwords are stored as argon2id hashes: not even we can read them.',
              'Sessions use random identifiers that we store hashed; someone who read the database could not use them to sign in.',
              'Photos are re-encoded on upload and lose their metadata, including location data (EXIF and GPS).',
              'Files are served only to the family\'s members, through signed links that expire shortly.',
              "Every request checks that whoever makes it belongs to that child's family.",
              'You can turn on two-step verification with an authenticator app; recovery codes are stored hashed and work only once.',
              'Changing your password ends your other sessions, and from your profile you can end any open session.',
              'We limit repeated sign-in, verification code and password recovery attempts.',
            ] },
          ],
        },
        {
          id: 'storage',
          heading: '8. Where it is stored',
          blocks: [
            { kind: 'p', text: 'Data is stored on the servers chosen by whoever runs the service: a database (SQLite or PostgreSQL) and a file store for photos. If a provider is outside your country, we apply the safeguards the law requires, as explained on the GDPR page.' },
          ],
        },
        {
          id: 'retention',
          heading: '9. How long we keep it',
          blocks: [retention],
        },
        {
          id: 'deletion',
          heading: '10. What happens when you close your account',
          blocks: erasure,
        },
        {
          id: 'rights',
          heading: '11. Your rights',
          blocks: [
            { kind: 'p', text: 'You can ask us to access your data, correct it, delete it, restrict its use, object to a processing, receive it in a portable format or withdraw your consent.' },
            { kind: 'list', items: [
              "You correct your details yourself from your profile, and your children's from their records. Your profile is also where you close your account, which starts the erasure.",
              'You download the copy of your data yourself under Profile › Privacy and security, in "Your data": a ZIP file with your account, your sessions, your families and their members, each child\'s full record with photos, and what you wrote to support.',
              'For the rest, or if you would rather ask by email, write to soporte@nido.app from your account\'s email address.',
              'We answer every request within 30 business days at most. If the GDPR applies to you, its deadline applies: one month, extendable by two more months for complex requests.',
            ] },
          ],
        },
        {
          id: 'cookies',
          heading: '12. Cookies and local storage',
          blocks: [
            { kind: 'p', text: "Nido uses no analytics or advertising cookies. In your browser's local storage it keeps only your session identifier and the language you chose. The cookie policy gives the details." },
          ],
        },
        {
          id: 'changes',
          heading: '13. Changes to this policy',
          blocks: [
            { kind: 'p', text: 'If we change this policy, we will update the date on this page. If the change affects how we use your data, we will email you before it applies.' },
          ],
        },
        contactSection('Questions about your data?', [
          { label: 'Your rights (GDPR)', to: '/gdpr' },
          { label: 'Cookie policy', to: '/cookies' },
        ]),
      ],
    },

    cookies: {
      title: 'Cookie policy',
      summary: 'What cookies are, what Nido keeps in your browser (very little) and how to control it.',
      sections: [
        {
          id: 'what',
          heading: '1. What cookies are',
          blocks: [
            { kind: 'p', text: 'Cookies are small files a website stores in your browser. Similar technologies, such as local storage (localStorage), also let a site remember something between visits. In this policy we call all of them "cookies".' },
          ],
        },
        {
          id: 'nido',
          heading: '2. What Nido uses today',
          blocks: [
            { kind: 'note', text: "Nido sets no analytics or advertising cookies. It keeps only the data in this list in your browser, and all of it is needed for the service to work as you asked." },
            { kind: 'terms', items: [
              { term: 'token', text: 'Your session identifier, so you stay signed in from one page to the next. It is removed when you sign out. Our server stores only its hash.' },
              { term: 'language', text: 'The language you chose (es or en), to show you Nido in that language.' },
              { term: 'nido-assets', text: 'A copy of the files of the Nido program, never of your data, so that it opens faster and works when installed on the home screen. It is emptied when you sign out.' },
            ] },
          ],
        },
        {
          id: 'essential',
          heading: '3. Essential cookies',
          blocks: [
            { kind: 'p', text: 'These are the ones a site cannot work without; without them you could not sign in, or the site would not be secure. They need no consent. Common examples:' },
            { kind: 'list', items: [
              'keeping you signed in;',
              'protecting forms against forged submissions;',
              'spreading the load across servers;',
              'remembering the cookie preferences you chose.',
            ] },
            { kind: 'p', text: 'In Nido: the session identifier (token).' },
          ],
        },
        {
          id: 'analytics',
          heading: '4. Analytics cookies',
          blocks: [
            { kind: 'p', text: 'They measure how a site is used in order to improve it. Common examples:' },
            { kind: 'list', items: [
              'counting visits and page views;',
              'measuring how long people stay on each page;',
              'spotting errors and slow pages;',
              'knowing which site a visitor came from.',
            ] },
            { kind: 'p', text: 'In Nido: none. If we ever add statistics, we will ask your permission first, we will not use advertising tools, and the data will be anonymised after 26 months at the latest.' },
          ],
        },
        {
          id: 'functional',
          heading: '5. Functional cookies',
          blocks: [
            { kind: 'p', text: 'They remember your choices so you do not have to repeat them. Common examples:' },
            { kind: 'list', items: [
              'the interface language;',
              'the region or time zone;',
              'display preferences, such as text size.',
            ] },
            { kind: 'p', text: 'In Nido: the language you chose (language).' },
          ],
        },
        {
          id: 'marketing',
          heading: '6. Marketing cookies',
          blocks: [
            { kind: 'p', text: 'They follow a person across sites to show them advertising. Common examples:' },
            { kind: 'list', items: [
              'ads based on the pages you visited;',
              'pixels that tell an ad network about a purchase or a sign-up;',
              'measuring advertising campaigns.',
            ] },
            { kind: 'p', text: 'In Nido: none, and we have no plans to use them.' },
          ],
        },
        {
          id: 'third-parties',
          heading: '7. Third parties',
          blocks: [
            { kind: 'p', text: "Today Nido loads no third-party content or cookies. The blog has buttons to share a post: they are plain links and load nothing from those networks unless you use them. If you click one, the social network's site opens and, from then on, its own policies apply:" },
            { kind: 'parties', items: [
              { name: 'X', purpose: 'Sharing a blog post on X.', policyUrl: 'https://x.com/en/privacy' },
              { name: 'Facebook', purpose: 'Sharing a blog post on Facebook (Meta).', policyUrl: 'https://www.facebook.com/privacy/policy/' },
              { name: 'LinkedIn', purpose: 'Sharing a blog post on LinkedIn.', policyUrl: 'https://www.linkedin.com/legal/privacy-policy' },
            ] },
          ],
        },
        {
          id: 'manage',
          heading: '8. How to manage them',
          blocks: [
            { kind: 'p', text: 'Every browser lets you see, block and delete cookies and site data from its settings:' },
            { kind: 'list', items: [
              'Chrome: Settings › Privacy and security › Third-party cookies, or Site settings.',
              'Firefox: Settings › Privacy & Security › Cookies and Site Data.',
              'Safari: Settings › Privacy › Manage Website Data.',
              'Edge: Settings › Cookies and site permissions.',
              "On your phone, look for the same option in your browser's settings.",
            ] },
            { kind: 'p', text: 'To opt out of analytics and advertising on other sites, you can block third-party cookies, turn on the Global Privacy Control signal if your browser offers it, or use private browsing.' },
            { kind: 'p', text: "In Nido there is nothing to opt out of. If you clear local storage you will be signed out and see your browser's language again; if you block it, you will not be able to stay signed in." },
          ],
        },
        {
          id: 'rights',
          heading: '9. Your rights',
          blocks: [
            { kind: 'p', text: 'You can delete what Nido keeps in your browser at any time. For the personal data we keep on the server you have the rights of access, correction, deletion and the others the privacy policy explains.' },
            { kind: 'links', items: [
              { label: 'Privacy policy', to: '/privacy' },
              { label: 'Your rights (GDPR)', to: '/gdpr' },
            ] },
          ],
        },
        {
          id: 'changes',
          heading: '10. Changes to this policy',
          blocks: [
            { kind: 'p', text: 'If Nido ever keeps anything else in your browser, we will update this page before doing so, and for anything that is not essential we will ask your permission.' },
          ],
        },
        contactSection('Questions about this policy?'),
      ],
    },

    gdpr: {
      title: 'Your rights under the GDPR',
      summary: "How Nido applies the European Union's General Data Protection Regulation and how you can exercise your rights.",
      sections: [
        {
          id: 'intro',
          heading: '1. Introduction',
          blocks: [
            { kind: 'p', text: 'The General Data Protection Regulation (GDPR) protects people in the European Union and the European Economic Area. Nido is run from Argentina, but we apply these rights to everyone who uses it, wherever they are.' },
          ],
        },
        {
          id: 'personal-data',
          heading: '2. What personal data is',
          blocks: [
            { kind: 'p', text: 'Any information about an identified or identifiable person. In Nido, for example:' },
            { kind: 'list', items: [
              'your first name, last name, email, phone and profile photo;',
              "your children's details: name, date of birth, school, health, activities and photos;",
              'the emergency contacts you enter;',
              'the IP address you connect from;',
              'the messages you send us.',
            ] },
          ],
        },
        {
          id: 'legal-bases',
          heading: '3. Legal bases',
          blocks: [
            { kind: 'terms', items: [
              { term: 'Consent', text: "For your children's health information and for any optional email. You can withdraw it whenever you like." },
              { term: 'Contract', text: 'To provide the service you accept when you create your account: storing the records and showing them to your family.' },
              { term: 'Legal obligation', text: 'To keep what a law requires or to answer a court order.' },
              { term: 'Legitimate interest', text: 'To protect the service from abuse and unauthorised access, never overriding your rights.' },
            ] },
          ],
        },
        {
          id: 'rights',
          heading: '4. Your eight rights',
          blocks: [
            { kind: 'terms', items: [
              { term: 'Access (Article 15)', text: 'To know whether we process your data and receive a copy. You can download it yourself from your profile, in "Your data".' },
              { term: 'Rectification (Article 16)', text: 'To correct inaccurate or incomplete data.' },
              { term: 'Erasure (Article 17)', text: 'To ask us to delete your data when it is no longer needed or you withdraw your consent. Closing your account from your profile starts the grace period and the erasure.' },
              { term: 'Restriction (Article 18)', text: 'To ask us to stop using your data while a complaint about it is resolved.' },
              { term: 'Portability (Article 20)', text: 'To receive your data in a structured, commonly used format, to take it to another service. The "Your data" download is a ZIP of JSON files plus your photos.' },
              { term: 'Objection (Article 21)', text: 'To object to processing based on our legitimate interest.' },
              { term: 'Automated decisions (Article 22)', text: 'Not to be subject to decisions based solely on automated processing. Nido takes no such decisions.' },
              { term: 'Withdrawing consent', text: 'To withdraw at any time a consent you gave, without affecting what was done before.' },
            ] },
          ],
        },
        {
          id: 'exercise',
          heading: '5. How to exercise them',
          blocks: [
            { kind: 'list', items: [
              "Write to soporte@nido.app from your account's email address and say which right you want to exercise.",
              'If we cannot confirm it is you, we will ask for some extra detail; never your password.',
              'It is free. We answer within one month, which can be extended by two more months if the request is complex or there are many; in that case we tell you within the first month.',
              'Some rights you exercise yourself from your profile, with no need to wait for an answer: downloading your data (Articles 15 and 20), correcting your account details (Article 16) and closing your account, which leads to erasure (Article 17).',
            ] },
          ],
        },
        {
          id: 'protection',
          heading: '6. Protection measures',
          blocks: [
            { kind: 'list', items: [
              'Passwords stored as argon2id hashes.',
              'Sessions with random identifiers stored hashed, deleted after 30 days without use.',
              'Photos re-encoded without location metadata (EXIF and GPS), served only to the family through expiring links.',
              'Access to each record limited to the family\'s members.',
              'Optional two-step verification with an authenticator app, with recovery codes stored hashed.',
              'A list of your open sessions, from which you can end any of them.',
              'Limits on repeated sign-in and verification code attempts.',
              'No advertising trackers.',
            ] },
          ],
        },
        {
          id: 'transfers',
          heading: '7. International transfers',
          blocks: [
            { kind: 'p', text: 'Nido is run from Argentina, a country the European Commission recognises as providing an adequate level of data protection. If we use a provider in another country without that recognition, we do so with the safeguards the GDPR requires, such as the standard contractual clauses.' },
          ],
        },
        {
          id: 'retention',
          heading: '8. Retention',
          blocks: [retention, ...erasure],
        },
        {
          id: 'special-categories',
          heading: '9. Special categories of data',
          blocks: [
            { kind: 'p', text: "Children's health information (allergies, medication, conditions, blood type, medical appointments) is a special category of data. We process it only to keep the family's records, with the parents' consent, and only that family's members see it. You can delete it from the record at any time." },
          ],
        },
        {
          id: 'dpo',
          heading: '10. Data protection officer',
          blocks: [
            { kind: 'p', text: 'You can reach the person in charge of data protection by writing to soporte@nido.app with the subject "Data protection".' },
          ],
        },
        {
          id: 'complaints',
          heading: '11. Complaints',
          blocks: [
            { kind: 'p', text: "If you believe we do not handle your data properly, you can complain to your country's supervisory authority. In Argentina it is the Agencia de Acceso a la Información Pública (Agency for Access to Public Information). We would be grateful if you wrote to us first: we can often sort it out straight away." },
          ],
        },
        contactSection('Want to exercise a right, or have questions?'),
      ],
    },

    emailTerms: {
      title: 'Email terms',
      summary: 'Which emails Nido sends, which ones you can stop and how to recognise a genuine one.',
      sections: [
        {
          id: 'scope',
          heading: '1. Scope',
          blocks: [
            { kind: 'p', text: 'These terms explain the emails you receive because you have a Nido account or because someone invited you. They complement the service\'s terms and conditions.' },
          ],
        },
        {
          id: 'types',
          heading: '2. Which emails we send',
          blocks: [
            { kind: 'terms', items: [
              { term: 'Account', text: 'Important notices about your account or the service, such as a change to these terms or to prices, and the confirmation that you closed your account, with the date your data will be erased.' },
              { term: 'Confirming your email', text: 'When you sign up, a link to confirm your address. When you change it, a link to the new address: the change only happens when you open it.' },
              { term: 'Security', text: 'The notice that your password changed and, when a change of your email is requested, a notice to your old address.' },
              { term: 'Password reset', text: 'The link you ask for from "Forgot your password?".' },
              { term: 'Contact form', text: 'A receipt when you write to us, so you know your message arrived.' },
              { term: 'Invitations', text: 'When a family member invites you to join.' },
              { term: 'Notifications', text: 'Family notices, such as a change to a child’s record or someone joining the family, and a daily or weekly summary (weekly unless you choose otherwise). You choose which ones to get, or none, in your profile.' },
            ] },
            { kind: 'p', text: 'We send no advertising and do not share your email with others so they can send it. Our emails carry no tracking pixels and no links that record your clicks.' },
          ],
        },
        {
          id: 'optional',
          heading: '3. Required and optional emails',
          blocks: [
            { kind: 'p', text: 'Account, confirmation, security and password emails are part of the service and you will receive them while you have an account. Notifications and the summary are optional: you can turn them off from your profile, under Notifications, or with the unsubscribe link each one carries. If you receive an invitation you did not expect, ignore it: no account is created.' },
          ],
        },
        {
          id: 'links',
          heading: '4. Links expire',
          blocks: [
            { kind: 'p', text: 'The links in our emails lead straight to Nido and expire: the one to confirm your email lasts 7 days; the one to confirm an email change, 24 hours; the password reset link, 1 hour. Each works only once. An invitation link lasts 7 days, works once and only for the address it was sent to. Do not forward them: whoever has the link can use it.' },
          ],
        },
        {
          id: 'password',
          heading: '5. We will never ask for your password',
          blocks: [
            { kind: 'note', text: 'No email from Nido will ask for your password, card details or your verification or recovery codes. If you get one like that, it is a scam: do not reply, and forward it to soporte@nido.app.' },
          ],
        },
        {
          id: 'your-part',
          heading: '6. Your part',
          blocks: [
            { kind: 'list', items: [
              'Keep your email up to date so you receive security notices.',
              'Only invite people you know who are involved with your children.',
              'If you cannot find an email from us, check your spam folder.',
            ] },
          ],
        },
        {
          id: 'changes',
          heading: '7. Changes',
          blocks: [
            { kind: 'p', text: 'If we change these terms, we will update the date on this page and, if the change is significant, tell you by email.' },
            { kind: 'links', items: [
              { label: 'Email privacy', to: '/email-privacy' },
              { label: 'Terms and conditions', to: '/terms' },
            ] },
          ],
        },
        contactSection('Questions about our emails?'),
      ],
    },

    emailPrivacy: {
      title: 'Email privacy',
      summary: "What data Nido's emails use, why they carry no tracking and how to stop the optional ones.",
      sections: [
        {
          id: 'scope',
          heading: '1. Scope',
          blocks: [
            { kind: 'p', text: 'This page adds to the privacy policy what concerns the emails Nido sends: confirming your address and email changes, password resets and changes, the account closure notice, contact form receipts, invitations, notifications and the periodic summary.' },
          ],
        },
        {
          id: 'data',
          heading: '2. What data we use',
          blocks: [
            { kind: 'list', items: [
              'your email address, to send you the message;',
              'your name, to greet you;',
              'your language, to write to you in Spanish or English;',
              'just enough about the reason for the email: for example, the new address in an email change notice, or the erasure date in the account closure email.',
            ] },
          ],
        },
        {
          id: 'no-tracking',
          heading: '3. No tracking',
          blocks: [
            { kind: 'note', text: 'Our emails carry no tracking pixels: we do not know whether or when you opened an email. Links point straight to Nido, with no redirects that record your clicks.' },
          ],
        },
        {
          id: 'delivery',
          heading: '4. How they are sent',
          blocks: [
            { kind: 'p', text: 'Emails leave from the mail server used by whoever runs the service, or from a delivery provider acting on our behalf, only to deliver them. We keep a minimal record of each send (type of email, date and recipient) for security and to handle complaints, under the periods of the privacy policy.' },
          ],
        },
        {
          id: 'optional',
          heading: '5. How to stop receiving them',
          blocks: [
            { kind: 'p', text: 'Notifications and the summary can be turned off from your profile, under Notifications, or with one click on the unsubscribe link in each email. Security and password emails cannot be turned off while you have an account, because they protect your access. If you close your account, we send you one last email confirming it and, unless you reopen it, we do not write to you again.' },
          ],
        },
        {
          id: 'security',
          heading: '6. Security',
          blocks: [
            { kind: 'list', items: [
              'We will never ask for your password by email.',
              'Links expire: the password reset link after 1 hour and a single use, an email change link after 24 hours, and the confirmation link after 7 days.',
              'When a change of your email is requested, we also tell your old address, so you know if it was not you.',
              "Before typing your password, check that the browser's address is Nido's.",
              'If an email that looks like ours seems suspicious, forward it to soporte@nido.app.',
            ] },
          ],
        },
        {
          id: 'rights',
          heading: '7. Your rights',
          blocks: [
            { kind: 'p', text: 'You have the same rights over this data as over the rest. We answer within 30 business days at most, or within the GDPR deadline if it applies to you.' },
            { kind: 'links', items: [
              { label: 'Privacy policy', to: '/privacy' },
              { label: 'Email terms', to: '/email-terms' },
            ] },
          ],
        },
        contactSection('Questions about your data in our emails?'),
      ],
    },
  },
};
