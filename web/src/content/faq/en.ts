import { PLANS, TRIAL_DAYS } from '../plans';
import type { FaqContent } from './types';

const price = (id: (typeof PLANS)[number]['id']) => PLANS.find((p) => p.id === id)?.price;

const en: FaqContent = {
  ui: {
    title: 'Frequently asked questions',
    lead: 'Short answers about Nido, your account and how your data is looked after.',
    metaDescription: 'Answers about Nido: what it does today, what it costs, how your account works and who sees your children’s information.',
    tabsLabel: 'Topics',
    searchLabel: 'Search this topic',
    searchPlaceholder: 'Type a word, for example "photo"',
    noMatches: 'No questions match your search',
    noItems: 'No questions available in this category',
    moreTitle: 'Still have a question?',
    moreBody: 'Write to us and we will answer by email, or browse the step-by-step guides in the help centre.',
    contactCta: 'Contact support',
    helpCta: 'Go to the help centre',
  },
  tabs: {
    general: {
      label: 'General',
      items: [
        {
          question: 'What is Nido?',
          answer:
            'Nido is a web platform for parents raising children across two homes. It brings together each child’s information (school, health, medical appointments, activities, emergency contacts and a photo) and shares it with their family, so nobody has to ask twice.',
        },
        {
          question: 'Who is it for?',
          answer:
            'For separated or divorced parents, and for other adults who help raise the children, such as grandparents, guardians or carers: they join the family to see the children’s information without changing it. Everyone who uses Nido must be 18 or older.',
        },
        {
          question: 'How much does it cost?',
          answer: `You can start for free. Paid plans cost US$ ${price('weekly')} a week, US$ ${price('monthly')} a month or US$ ${price('annual')} a year (33% less than monthly). All of them include the same features and a ${TRIAL_DAYS}-day trial with no card. Billing is not switched on yet (coming soon): nobody is charged anything today.`,
        },
        {
          question: 'Which languages is Nido in?',
          answer:
            'Spanish and English. Each person chooses theirs with the ES / EN selector, so two co-parents can use Nido in different languages and see the same information.',
        },
        {
          question: 'What can I do today, and what comes later?',
          answer:
            'Today you can create your account, fill in your children’s records (shared with your family) and manage your account from your profile: your details and photo, your password, open sessions, two-step verification, downloading your data and closing the account; and invite the other parent and anyone who looks after your children, by email or with a code. Nido lets you know when someone in your family changes something: under the bell, by email or with push notifications, as you choose in Profile › Notifications. And you can talk with your co-parents in Messages: by topic, with photos and PDFs, with the time each person saw each message, help with tone and a record nobody can edit or delete. In Calendar you organise custody and events, and in Finances you share expenses with their receipts, approve them, and record payments and child support. We are building documents (coming soon).',
        },
      ],
    },
    account: {
      label: 'Account',
      items: [
        {
          question: 'How do I create an account?',
          answer:
            'Tap "Start free" and fill in your first name, surname, email, phone (optional) and a password of at least 8 characters. When you sign up, Nido creates your family space and emails you a link to confirm your address; in the meantime you can already add your children.',
        },
        {
          question: 'I forgot my password. What do I do?',
          answer:
            'On the sign-in screen, tap "Forgot your password?" and type your email. We send you a link that expires after 1 hour and works only once; use it to choose a new password.',
        },
        {
          question: 'How do I invite the other parent?',
          answer:
            'Under Profile › Co-parents you can invite them by email or create an 8-character code to read out to them. Whoever accepts creates an account (or uses theirs) and is connected to your family, with access to the same information about your children; you choose whether they are a co-parent or view only.',
        },
        {
          question: 'Does Nido have two-step verification?',
          answer:
            'Yes, with an authenticator app. Turn it on under Profile › Privacy and security: scan the QR code (or type the key by hand), confirm with a code from the app and keep the 10 recovery codes, which are shown only once. From then on, signing in also asks for a 6-digit code. We do not send codes by SMS: verification works only with the app.',
        },
        {
          question: 'What happens if I close my account?',
          answer:
            'You close it yourself under Edit profile › Danger zone, by typing "delete" and your password. The account closes at once and every session ends. If you sign in again within 90 days, Nido offers to reopen it just as it was. After that, your personal data and the account are erased; children’s records you share with a co-parent who still uses Nido stay with that family.',
        },
      ],
    },
    technical: {
      label: 'Technical',
      items: [
        {
          question: 'Do I need to install anything?',
          answer:
            'No. Nido works in the browser on your phone, tablet or computer, in recent versions of Chrome, Firefox, Safari or Edge. If you like, you can install it on your home screen as an app, without going through a store: it then opens from its icon and can send you notifications. Store apps for iOS and Android are on their way.',
        },
        {
          question: 'Which photos can I upload?',
          answer: 'JPG, PNG, GIF or WebP images up to 5 MB. If your photo is larger, crop or shrink it with your phone’s editor.',
        },
        {
          question: 'The password reset email does not arrive',
          answer:
            'Check spam and promotions, and make sure you typed the email correctly: for your security we show the same notice whether or not the account exists. If the email arrives after an hour, the link has expired; ask for another.',
        },
        {
          question: 'Why do I have to sign in again?',
          answer:
            'Your session is kept in the browser. It ends if you tap "Sign out", clear the site’s data, close a private window, go 30 days without using it, or if, from another device, you changed your password or ended that session under Privacy and security. Sign in again with your email and password.',
        },
        {
          question: 'Does my family see my changes straight away?',
          answer:
            'Yes. Each child’s record is one and the same for the whole family: what you save is available to the other members the next time they open or refresh the page.',
        },
      ],
    },
    privacy: {
      label: 'Privacy',
      items: [
        {
          question: 'Who can see my children’s information?',
          answer: 'Only the people in your family on Nido. It is not public and does not appear in search engines.',
        },
        {
          question: 'What happens to the location in photos?',
          answer: 'Photos taken with a phone often record where they were taken. Nido removes that location data when it stores each photo.',
        },
        {
          question: 'Can my children have their own account?',
          answer: 'No. Nido is only for people aged 18 or over. The children’s information is entered by the adults in the family.',
        },
        {
          question: 'Can I delete a child’s information?',
          answer:
            'Yes. On the record, "Delete this child’s record" erases everything saved about them: school, health, activities, contacts and photo. It cannot be undone, which is why we ask you to confirm.',
        },
        {
          question: 'Can I ask for a copy of my data?',
          answer:
            'Yes, and you do not need to ask anyone: under Profile › Privacy and security, in "Your data", you download a ZIP with your account, your sessions, your families and their members, each child’s full record with photos, and what you wrote to support. If you would rather ask by email, or want data corrected or deleted, write to soporte@nido.app; the "Your rights (GDPR)" page explains each right.',
        },
      ],
    },
  },
};

export default en;
