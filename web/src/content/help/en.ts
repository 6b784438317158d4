import type { HelpContent } from './types';

const en: HelpContent = {
  ui: {
    title: 'Help centre',
    lead: 'Step-by-step guides to Nido, and practical advice for raising children across two homes.',
    metaDescription:
      'Nido guides: create your account, fill in your children’s records, recover your password and agree on schedules and expenses with your co-parent.',
    searchLabel: 'Search help topics',
    searchPlaceholder: 'For example: password, expenses, photos',
    popularTitle: 'Popular topics',
    categoriesTitle: 'Categories',
    articlesFound: 'Articles',
    articleResults: (n) => (n === 1 ? '1 article found' : `${n} articles found`),
    results: (n) => (n === 1 ? '1 category found' : `${n} categories found`),
    noResults: (q) => `We found no categories for "${q}".`,
    noResultsHint: 'Try another word, look at the frequently asked questions or write to us.',
    articleCount: (n) => (n === 1 ? '1 article' : `${n} articles`),
    readTime: (m) => `${m} min read`,
    updated: (d) => `Updated ${d}`,
    contactTitle: 'Can’t find what you’re looking for?',
    contactBody: 'Write to us and we will answer by email. You can also check the frequently asked questions.',
    contactCta: 'Contact support',
    faqCta: 'See the FAQ',
    backToHelp: 'Back to the help centre',
    unknownCategoryTitle: 'Category not found',
    unknownCategoryBody: 'There are no articles in this category. The link may be incomplete, or the page may have moved.',
    unknownArticle: 'We could not find that article. These are the articles available in this category.',
    articlesIn: (c) => `${c} articles`,
    onThisPage: 'In this article',
    step: (n) => `Step ${n}`,
    tip: 'Tip',
    save: 'Save',
    print: 'Print',
    share: 'Share',
    copied: 'Link copied to clipboard',
    copyFailed: (url) => `We could not copy the link. You can copy it from here: ${url}`,
    helpfulQuestion: 'Was this article helpful?',
    yes: 'Yes',
    no: 'No',
    thanksYes: 'Thank you! We are glad it helped.',
    thanksNo: 'Thanks for telling us. We will use your answer to improve this article; feel free to write and tell us what was missing.',
    related: 'Related articles',
  },

  categories: {
    'getting-started': {
      title: 'Getting started',
      description: 'Create your account, add your children and get ready for your co-parent to join.',
    },
    account: {
      title: 'Account and profile',
      description: 'Password, personal details, email, language and the emails we send you.',
    },
    communication: {
      title: 'Communication',
      description: 'Messages between co-parents and photos of your children.',
    },
    calendar: {
      title: 'Calendar',
      description: 'Events, reminders and the parenting schedule.',
    },
    expenses: {
      title: 'Expenses',
      description: 'Recording expenses and receipts, and ways to split them.',
    },
    documents: {
      title: 'Documents',
      description: 'How to keep and organise each child’s important papers.',
    },
    troubleshooting: {
      title: 'Troubleshooting',
      description: 'What to do if you cannot sign in, do not have your verification code or our emails do not arrive.',
    },
  },

  articles: {
    'create-account': {
      title: 'Create your Nido account',
      excerpt: 'Sign up with your email in a couple of minutes; Nido creates your family space as you do.',
      intro:
        'All you need to use Nido is an email address and a password. When you sign up, Nido automatically creates your family space, where you will keep your children’s information.',
      steps: [
        {
          title: 'Open the sign-up form',
          content: ['Tap "Start free" at the top of any public page. If you are on the sign-in screen, tap "Sign up".'],
        },
        {
          title: 'Fill in your details',
          content: ['The form asks for:'],
          list: [
            'Your first name and surname.',
            'Your email: it is your username and where the link arrives if you forget your password.',
            'A phone number, if you like (it is optional).',
            'A password of at least 8 characters, typed twice to confirm it.',
          ],
          tip: 'A long phrase only you know, such as four unrelated words, is safer and easier to remember than a short word full of symbols.',
        },
        {
          title: 'Accept the terms and create the account',
          content: [
            'Read the terms and conditions and the privacy policy, tick the box and tap "Create account". Nido is for adults: you must be 18 or older.',
          ],
        },
        {
          title: 'Step into your family space',
          content: [
            'Once done, you land on "Your children". Your family already exists and you are its first member; from there you can add your first child. We also email you a link to confirm your address; it is valid for 7 days.',
          ],
          tip: 'Nido is available in Spanish and English. Switch language at any time with the ES / EN selector at the top.',
        },
      ],
    },

    'invite-coparent': {
      title: 'Invite the other parent',
      excerpt: 'Invite the other parent, a grandparent or a carer by email or with a code, and choose what each one can do.',
      intro:
        'Your family can have several members: the other parent and anyone else who looks after your children. Each person has their own account and sees the same records as you.',
      steps: [
        {
          title: 'Invite by email',
          content: [
            'Go to Profile › Co-parents, under "Invite by email". Type their email, their relation to the children and the permission: co-parent (full access) or view only. Nido mails them a link that works once and lasts 7 days, and only for that address.',
          ],
        },
        {
          title: 'Or share a code',
          content: [
            'In the same place you can create a linking code of 8 characters to read aloud or send by message. Whoever has an account types it under Profile › Co-parents › "Join a family with a code"; whoever registers can type it in the sign-up form. A new code cancels the previous one.',
          ],
        },
        {
          title: 'Who can join',
          content: [
            'Besides the other parent, the family can include grandparents, guardians or carers. Each person needs their own account and must be 18 or older. Admins can change a member’s permission or remove them at any time.',
          ],
          list: ['Co-parent: sees and edits every record.', 'View only: sees the records but cannot change them.'],
          tip: 'Before inviting them, talk with the other parent about what you will use Nido for. Agreeing that it is a place for the children’s information, not for arguments, helps a lot.',
        },
      ],
    },

    'first-steps': {
      title: 'First steps: your child’s record',
      excerpt: 'Add your children and fill in their school and medical information, activities and emergency contacts.',
      intro:
        'Each child’s record is the heart of Nido: it brings together what any adult in charge needs to know. These are the steps to complete it.',
      steps: [
        {
          title: 'Add your child',
          content: [
            'In "Your children", tap "Add child". Fill in first name, surname, date of birth and gender. Blood type and the social security or health insurance number are optional.',
          ],
        },
        {
          title: 'Add a photo',
          content: [
            'A photo makes each record easy to recognise at a glance. On the record, tap "Change photo", choose the picture and tap "Upload photo". JPG, PNG, GIF or WebP up to 5 MB are accepted, and Nido stores it without location data.',
          ],
        },
        {
          title: 'Fill in the school information',
          content: ['School, grade, main teacher, the school’s phone number and the times school starts and ends.'],
        },
        {
          title: 'Record their activities',
          content: ['For each activity you can note the place, the days of the week and the start and end times.'],
        },
        {
          title: 'Health and medical appointments',
          content: [
            'Under "Health", note the primary doctor and their phone number, allergies, medicines, special conditions and notes. Each medical appointment keeps the type of visit, date and time, doctor, speciality and status: scheduled, completed or cancelled.',
          ],
        },
        {
          title: 'Emergency contacts',
          content: [
            'Add who to call if you cannot be reached. Each contact can have a priority: 1 is called first and is highlighted, and the list is sorted from lowest to highest.',
          ],
          tip: 'Review the record at the start of every school year: grades, timetables and sometimes doctors change.',
        },
      ],
    },

    'change-password': {
      title: 'Change your password',
      excerpt: 'How to change it from your profile, what happens to your other sessions and what to do if you forgot it.',
      intro:
        'You can change your password whenever you like from your profile, without leaving Nido. If you cannot remember it, we also explain how to choose a new one with the recovery link.',
      steps: [
        {
          title: 'Open the "Security" section',
          content: ['Go to Profile › Edit profile and, under "Security", tap "Change password".'],
        },
        {
          title: 'Type the current one and the new one',
          content: ['First your current password; then the new one, twice. To make the new one strong:'],
          list: [
            'Use at least 8 characters; 12 or more is much better.',
            'Prefer a long phrase to a word with symbols.',
            'Do not use it on any other site.',
            'Do not share it, not even with the other parent: each of you has your own account.',
          ],
        },
        {
          title: 'Save the change',
          content: [
            'Tap "Update password". You stay signed in on this browser, but Nido signs your account out on every other device and sends you an email about the change.',
          ],
          tip: 'If that email reaches you and it was not you, reset your password straight away and write to soporte@nido.app.',
        },
        {
          title: 'If you forgot your password',
          content: [
            'On the sign-in screen, tap "Forgot your password?" and type your email. A link arrives that expires after 1 hour and works only once: use it to choose the new one and sign back in. Resetting it ends all your sessions.',
          ],
          tip: 'If the email is not in your inbox, look in spam or promotions.',
        },
        {
          title: 'Add two-step verification',
          content: [
            'To protect your account further, turn it on under Profile › Privacy and security: on top of your password, Nido will ask for a 6-digit code from your authenticator app every time you sign in.',
          ],
          tip: 'Nido will never ask for your password or your codes by email or phone. If someone does so in Nido’s name, do not answer.',
        },
      ],
    },

    'notification-settings': {
      title: 'Set up notifications',
      excerpt: 'Choose which notices reach you by email or on your phone, set quiet hours, use discreet mode and install Nido on your home screen.',
      intro:
        'Nido lets you know when someone in your family changes something. Every notice appears under the bell at the top and, if you like, also reaches you by email or as a push notification. You choose all of it in Profile › Notifications.',
      steps: [
        {
          title: 'What Nido tells you about',
          content: ['Notices are about your messages, your children’s records and your family’s members. We let you know when someone else in the family:'],
          list: [
            'Adds or changes details in one of your children’s records.',
            'Deletes a child’s record (it can be restored for 30 days) or restores it.',
            'Joins one of your families with an invitation or a code.',
            'Leaves one of your families or is removed from it.',
            'Writes you a message: the notice says who wrote and about which topic, never the text.',
          ],
          tip: 'Notices reach the bell at once, without reloading the page, and its number tells you how many you have not read. Tap it to see the latest and open each one; "See all" has the full list.',
        },
        {
          title: 'Choose how each notice reaches you',
          content: [
            'Under "What we tell you", each kind of notice has two switches: Email and Push. Inside Nido you always see every notice; the switches only decide whether it also reaches you by email or on your phone. At first they are all on. Tap "Save preferences" to apply your changes.',
          ],
          tip: 'The emails that protect your account (confirming your email, resetting or changing your password, closing your account) are not notices: they always arrive and cannot be turned off.',
        },
        {
          title: 'Turn on push notifications on this device',
          content: [
            'Under "This device", tap "Turn on push notifications" and choose "Allow" when the browser asks: from then on they arrive even when Nido is closed. Each phone or computer is turned on separately, and "Send a test notice" checks that it works. Below you see your devices and can remove the ones you no longer use; when you sign out on one, it stops getting them.',
          ],
          tip: 'On an iPhone or iPad, push notifications only reach Nido when it is installed on the home screen (iOS 16.4 or later): install it first (next step) and open it from its icon.',
        },
        {
          title: 'Install Nido on your home screen',
          content: ['Nido installs as an app without going through any store: it opens in its own window, with its own icon, and can receive notifications.'],
          list: [
            'On Android or a computer (Chrome or Edge): tap "Install Nido" in Nido’s menu, next to the language switch, or the install option in the browser’s menu.',
            'On an iPhone or iPad: open Nido in Safari, tap Share and then "Add to Home Screen".',
          ],
          tip: 'It is the same Nido as in the browser, with your usual account. Store apps for iOS and Android do not exist yet.',
        },
        {
          title: 'Set quiet hours or discreet mode',
          content: [
            'With quiet hours (for example 22:00 to 07:00, in your profile’s time zone) we send you no emails and no push notifications during that time. Notices still appear under the bell, and when the quiet hours end we send you one summary of what came in that you have not read yet. Only emergency messages pass quiet hours: they always arrive by email and push, and their switches cannot be turned off.',
            'With discreet mode, push notifications and emails only say "You have something new in Nido", without who sent it or what it says. That way a lock screen shows nothing to whoever looks at your phone, whether one of your children or anyone else. You see the details when you open Nido.',
          ],
        },
        {
          title: 'Get the summary email',
          content: [
            'Choose to get it every day, every week (weekly unless you choose otherwise) or never. It lists the notices you have not read and, for each family, a line with the latest signed checkpoint of its record. Keep it: later on it lets you prove what the record was on that date.',
          ],
          tip: 'Every notice email, and the summary too, ends with a link to unsubscribe from that kind of email. The notices still appear inside Nido, and you can turn the emails back on here at any time.',
        },
      ],
    },

    'profile-setup': {
      title: 'Your profile and language',
      excerpt: 'How to edit your details and photo, change your email and choose the language of Nido and its emails.',
      intro:
        'Your profile brings together your details, your photo and your language, and you can change them whenever you like. Everything is under Profile › Edit profile.',
      steps: [
        {
          title: 'Correct your details',
          content: ['Under "Personal information" you change your first name, surname and phone. Tap "Save changes" and you are done.'],
        },
        {
          title: 'Change your email',
          content: [
            'Type the new address in the same form. We send a link to that address, valid for 24 hours: the change only happens when you open it, and until then you keep signing in with your usual email. Your old address gets a notice.',
          ],
          tip: 'If that notice reaches you and you did not ask for the change, change your password and write to soporte@nido.app.',
        },
        {
          title: 'Add your photo',
          content: [
            'Under "Profile photo", choose a JPG, PNG, GIF or WebP image up to 5 MB. It helps your family recognise you; Nido stores it without location data and you can remove it whenever you like.',
          ],
        },
        {
          title: 'Choose your language',
          content: [
            'Under "Language" you choose Spanish or English, and it is saved on your account: it is the language of the emails we send you and the one you will see when you sign in on another browser. The ES / EN selector at the top changes the language only in the browser you are using.',
          ],
        },
        {
          title: 'Confirm your email',
          content: [
            'When you sign up we send you a link to confirm your address, valid for 7 days. Until you open it, a notice at the top offers "Resend" in case you cannot find it or it has expired.',
          ],
          tip: 'Keep your email up to date: it is how you recover your password if you forget it.',
        },
      ],
    },

    'send-message': {
      title: 'Send messages to your co-parent',
      excerpt: 'Conversations by topic, three kinds of message, when each one was first seen, help with tone and a record that cannot be altered.',
      intro:
        'In Messages you talk with the other parent about your children. Every message is kept exactly as it was sent, with the time each person first viewed it, and nothing can be edited or deleted. What you agreed no longer depends on anyone’s memory.',
      steps: [
        {
          title: 'Conversations by topic',
          content: [
            'In Messages, start a new conversation: choose the family, a topic (general, health, school, activities, schedules or expenses) and a short subject, such as "December pick-ups". The family’s co-parents take part; you can add someone else from the family, such as a grandmother, who will see only the conversations you include her in.',
            'The search box at the top finds words in all your messages, whatever the accents or capitals, and also the names of your children and their emergency contacts.',
          ],
        },
        {
          title: 'Three kinds of message',
          content: ['When writing you choose how urgent it is, and that changes how people are told:'],
          list: [
            'Normal: arrives in the app and is announced as your preferences say; it respects quiet hours and, if someone sends many in a row (more than 10 in 10 minutes), they come as one notice.',
            'Urgent: stands out in the conversation and is announced at once, without waiting for the summary; it respects quiet hours.',
            'Emergency: goes out at once by email and push, even at night and even if the other person has quiet hours on.',
          ],
          tip: 'Each person can send up to 3 emergencies a day, so they can never become a way to pressure anyone. In a real emergency, phone as well.',
        },
        {
          title: 'When each message was seen',
          content: [
            'Under each message you see when each recipient first opened it. That time is set once, never moves even if they read it again, and goes into the family record.',
            'Nido does not show who is typing or who is online: everyone answers when they can, without pressure.',
          ],
        },
        {
          title: 'Nothing is edited or deleted',
          content: [
            'A message that was sent cannot be changed or removed. If you made a mistake, reply quoting the earlier message and set it straight: both stay in view, in order.',
            'Every message goes into the family record when it is sent. From the conversation’s menu you can print it whole or a period of it: the page holds each message’s date, time, kind, author, who saw it and when, and the fingerprint of each record entry, with instructions to check it.',
          ],
          tip: 'Notifications say who wrote and about which topic, never the text of the message.',
        },
        {
          title: 'Help with tone',
          content: [
            'As you type, Nido marks phrases that may read as an insult, a threat, contempt, blame, sweeping words ("always", "never") or shouting, and offers a calmer way to say it. The check runs inside Nido, without sending your text to any other service.',
            'You decide: you can send the message anyway. Nido never blocks or changes what you write. If you like, turn on the shield in the Messages settings: incoming messages that look hostile are shown folded and open with one tap.',
          ],
        },
        {
          title: 'Write messages that help',
          content: ['A few guidelines that lower the tension:'],
          list: [
            'One topic per message.',
            'Short and concrete, with dates and times.',
            'About the children, not about the relationship that ended.',
            'Suggest rather than reproach: "Does Thursday at 6 pm work for you?"',
            'Answer normal messages within 24 to 48 hours.',
          ],
        },
      ],
    },

    'share-photos': {
      title: 'Photos and files',
      excerpt: 'Attach photos and PDFs to your messages and upload each child’s photo to their record: stored encrypted, without location data, seen only by the right people.',
      intro:
        'You can attach photos and PDF documents to a message, such as a prescription, a school permission slip or a photo of the school play, and upload a photo for each child’s record.',
      steps: [
        {
          title: 'Attach to a message',
          content: [
            'In the conversation, tap the paper clip by the text field and choose the files. JPG, PNG, GIF and WebP images and PDF documents up to 25 MB each are accepted, up to 5 per message. Images show as thumbnails in the conversation, and PDFs are downloaded to open them.',
          ],
          tip: 'If a PDF is larger than 25 MB, split it or save it at a lower quality before attaching it.',
        },
        {
          title: 'Your privacy',
          content: [
            'Photos taken with a phone often record where they were taken. Nido re-creates every image when it receives it and removes that location data. All files are stored encrypted and seen only by the people in the conversation, through links that expire.',
          ],
          tip: 'Agree between you which photos of your children go on social media. Nido never publishes anything.',
        },
        {
          title: 'What stays on record',
          content: [
            'An attachment is part of its message: it cannot be removed or replaced once sent. The family record keeps each file’s name and its SHA-256 fingerprint, and the printed conversation lists each message’s attachments.',
          ],
        },
        {
          title: 'The record photo',
          content: [
            'Open your child’s record, tap "Change photo", choose a picture, check the preview and tap "Upload photo". JPG, PNG, GIF and WebP up to 5 MB are accepted, and it too is stored without location data.',
          ],
        },
      ],
    },

    'create-event': {
      title: 'Create a calendar event',
      excerpt: 'How to create an event, make it repeat without writing rules, and choose reminders.',
      intro: 'In Calendar, the "New event" button opens the form. You can also tap a day of the month or an hour of the week to start there.',
      steps: [
        {
          title: 'Choose the type and category',
          content: ['Each event has a type (pick-up, activity, birthday, family, reminder or other) and a category:'],
          list: [
            'Custody: who the children are with, and when.',
            'School: school events, meetings, holidays and days off.',
            'Medical: check-ups, vaccines and specialists.',
            'Activities: sports, lessons and workshops.',
            'Celebrations: birthdays and parties.',
            'Travel: trips and holidays.',
          ],
        },
        {
          title: 'Fill in the details',
          content: [
            "Title, date and time (or \"All day\"), place, which child or children it concerns, and notes. Times are in your family's time zone. Tick \"Private\" if only you should see it.",
          ],
        },
        {
          title: 'Make it repeat',
          content: [
            'Under "Repeat" you choose daily, weekly (and on which days), monthly or yearly; every how many; and whether it never ends, ends on a date or after a number of times. The repeat is spelled out in words below.',
          ],
          tip: 'When you change or delete a repeating event, Nido asks whether it is only that one, that one and the following ones, or the whole series.',
        },
        {
          title: 'Set reminders',
          content: ['By default you are reminded a week, a day and an hour before; you can choose up to five reminders.'],
          tip: 'An event that has started is fixed: only its notes can change. That way the calendar tells what really happened.',
        },
      ],
    },

    'custody-schedule': {
      title: 'Agree on a parenting schedule',
      excerpt: 'Set up how the nights are shared in the calendar, ask for swaps and record handovers.',
      intro:
        'A clear parenting schedule reduces friction and gives your children predictability. In Calendar, "Set up custody" guides you in three steps, and the calendar shows whose night each one is in each parent\'s colour.',
      steps: [
        {
          title: 'Choose the pattern',
          content: ['Some arrangements many families use, all available:'],
          list: [
            'Alternating weeks: one week in each home.',
            '2-2-3: two nights with one parent, two with the other and three with the first; the next week it flips.',
            '2-2-5-5: each parent always has the same two weekdays, and long weekends alternate.',
            '3-4-4-3, 5-2-2-5 and 4-3.',
            'Every other weekend, with or without the Wednesday night.',
            'Custom: your own cycle, day by day.',
          ],
          tip: 'Shorter intervals tend to work better for young children; with teenagers, listen to their views and their schedule.',
        },
        {
          title: 'Give the date, the people and the exchange time',
          content: [
            'You choose the day it starts, who is the first parent (A) and who the second (B), and the usual exchange time. Before saving you see four weeks and each parent\'s share of a year\'s nights. Everything before that date stays as it was.',
          ],
        },
        {
          title: 'Ask for a swap of nights',
          content: [
            'With "Ask for a swap" you choose nights of the other parent, and if you like the ones you give back, with a reason and a deadline to answer. The other parent can accept, decline or make a counter-offer; if nobody answers in time, nothing changes. Every step goes into the family record.',
          ],
        },
        {
          title: 'Record handovers',
          content: [
            'With "Record a handover" you note when an exchange really happened, with a note. Differences count in the actual share.',
          ],
        },
        {
          title: 'Put the agreement in writing',
          content: [
            'If there is a formal agreement or a court order, that document is what counts. For legal questions, consult a professional.',
          ],
          tip: 'Review the schedule when ages, schools or jobs change: what worked at 4 may not work at 12.',
        },
      ],
    },

    'add-expense': {
      title: 'Record an expense',
      excerpt: 'How to add a shared expense with its receipt, how your co-parent approves it, and how the balance shows.',
      intro:
        'In Finances you add each of the children\'s expenses with its receipt, see each person\'s share before saving, and the balance always tells you who owes whom.',
      steps: [
        {
          title: 'Pick the category',
          content: ['In Finances, tap "Add expense". Each expense goes in a category:'],
          list: [
            'Education',
            'Health',
            'Activities',
            'Clothes and shoes',
            'Food',
            'Transport',
            'Entertainment',
            'Emergencies',
          ],
        },
        {
          title: 'Fill in the expense',
          content: [
            'Description, amount, currency, date, who paid, how it is shared and which child it is for. Before saving you see each person\'s share, to the cent.',
          ],
        },
        {
          title: 'Attach the receipt',
          content: ['On a phone you can take a photo of the receipt there and then, or upload a PDF of up to 10 MB. Expenses with a receipt get reviewed faster and avoid arguments.'],
        },
        {
          title: 'Approval',
          content: [
            'Your co-parent is notified and can approve the expense, refuse it with a reason, or dispute it saying what they would accept. Only approved expenses count in the balance. Until someone answers, you can correct or withdraw it.',
          ],
        },
        {
          title: 'Balance, payments and child support',
          content: ['At the top you see the balance and the payments that would settle it:'],
          list: [
            'Record each payment between you; it counts once the receiver confirms it arrived.',
            'Under "Child support" you set the monthly amount or a percentage of income and the due day, and update it for inflation without losing its history.',
            'Under "Reports" you see totals by month, category, child and person, and download them as CSV.',
          ],
          tip: 'Extraordinary expenses, like braces or a school trip, are best agreed on before paying.',
        },
      ],
    },

    'split-expenses': {
      title: 'How to split expenses',
      excerpt: 'Equal shares, by income, custom percentages or one person: how to choose the fairest split.',
      intro:
        'No split is right for every family. When you add an expense in Finances you pick one of these four ways, and Nido works out each person\'s share to the cent: a cent left over goes to whoever did not pay.',
      steps: [
        {
          title: 'Half and half (50/50)',
          content: [
            'Simple and easy to keep track of. It works well when incomes are similar and time with the children is shared evenly.',
          ],
        },
        {
          title: 'In proportion to income',
          content: [
            'Each contributes according to what they earn. If one earns 600 and the other 400, the first covers 60% and the second 40%: of an expense of 100, one pays 60 and the other 40.',
          ],
        },
        {
          title: 'Custom percentages',
          content: [
            'When you agree on another proportion, for example 62.5 and 37.5, or when one kind of expense is split differently from the rest. The percentages must add up to 100.',
          ],
        },
        {
          title: 'A single parent',
          content: [
            'Some expenses are always covered by one of you, for example an activity one parent chose alone or something already included in child support.',
          ],
        },
        {
          title: 'Make the rules clear',
          content: ['Whatever the split, agree on:'],
          list: [
            'What counts as a shared expense and what child support covers.',
            'From what amount you must ask before paying.',
            'How soon the other\'s share is paid back.',
            'What happens with an expense without a receipt.',
          ],
          tip: 'If there is an agreement or a court order, the split it sets is the one that applies.',
        },
      ],
    },

    'upload-doc': {
      title: 'Upload a document',
      excerpt: 'How to keep your children’s papers in Nido: from your phone, with a photo or a file.',
      intro: 'In "Profile" › "Documents" you keep each child’s papers in one place, encrypted and within reach of whoever you choose.',
      steps: [
        {
          title: 'Upload the file',
          content: [
            'Tap "Upload document". On your phone you can take a photo there and then or choose a file: PDF, photos or Office and LibreOffice documents, up to 25 MB.',
            'The title is filled in from the file’s name; change it if you like. Choose the category and which child it belongs to.',
          ],
        },
        {
          title: 'Choose who sees it',
          content: ['Each document has its own visibility:'],
          list: [
            'The whole family: every member, relatives and carers too.',
            'Co-parents only: members who can only view do not see it.',
            'Only me: nobody else knows it exists.',
          ],
        },
        {
          title: 'Versions and deletions',
          content: [
            'When a new certificate arrives, open the document and tap "Upload a new version": the earlier one is kept and can be downloaded. What you delete stays 30 days under "Deleted", where you can restore it.',
          ],
        },
        {
          title: 'What is worth digitising',
          content: ['It pays to have these at hand:'],
          list: [
            'Identity card and passport.',
            'Vaccination card and medical tests.',
            'School reports and certificates.',
            'Agreements and court orders.',
            'Travel permissions.',
          ],
          tip: 'Scan in good light on a plain background. One PDF per document is easier to find than a loose photo.',
        },
      ],
    },

    'organize-doc': {
      title: 'Organise your documents',
      excerpt: 'The six document categories and how to find any document in seconds.',
      intro:
        'Each document goes in one of six categories, and the "Documents" list shows them grouped that way. With the search and the filters you find any of them in seconds.',
      steps: [
        {
          title: 'The six categories',
          content: ['One for each kind of paper:'],
          list: [
            'Legal: agreements, court orders and permissions.',
            'Medical: tests, prescriptions and vaccines.',
            'School: reports, certificates and notes from school.',
            'Financial: receipts and child support payments.',
            'Identification: identity card, passport and birth certificate.',
            'Activities: enrolment forms, medical clearances and permission slips.',
          ],
        },
        {
          title: 'Search and filter',
          content: [
            'Type part of the title in the search box: capitals and accents do not matter. Tap a category or a child’s name to see only theirs.',
          ],
        },
        {
          title: 'Give clear titles',
          content: ['Type and date, for example "Vaccines 2026-03". A clear title is found sooner than the name the camera gave it.'],
        },
        {
          title: 'Think about who sees it',
          content: [
            'What you keep in Nido is seen only by your family, and each document can be kept for the co-parents only or for you alone. The family’s storage use shows above the list.',
          ],
          tip: 'For legal documents, also keep the paper original somewhere safe.',
        },
      ],
    },

    'login-issues': {
      title: 'I can’t sign in',
      excerpt: 'The most common causes and how to fix them: email, password, verification code, closed account and browser.',
      intro: 'If Nido will not let you in, go through these steps in order; it is almost always solved in a few minutes.',
      steps: [
        {
          title: 'Check the email and password',
          content: [
            'Type the email in full and without spaces; upper or lower case makes no difference. If you have more than one address, try the other one.',
            'The password, on the other hand, is case-sensitive. Make sure caps lock is off and tap "Show" to see what you typed.',
          ],
        },
        {
          title: 'Reset it',
          content: [
            'Tap "Forgot your password?" and follow the link we email you. It expires after 1 hour and works only once; if you asked for several, use the latest.',
          ],
        },
        {
          title: 'If it asks for a code',
          content: [
            'If you turned on two-step verification, after your password Nido asks for the 6-digit code your authenticator app shows. It changes every 30 seconds: type the one you see right then, and check that your phone sets its time automatically.',
            'If you lost your phone or deleted the app, type one of your recovery codes instead; each works only once. Once in, turn verification off under Privacy and security (it asks for your password and another recovery code) and turn it on again with the app on your new phone: you will get 10 new recovery codes.',
          ],
        },
        {
          title: 'If you closed your account',
          content: [
            'For 90 days after closing it, signing in with your email and password makes Nido offer to reopen the account, with everything as it was. After that, the account and your data have been erased: you will need to create a new account.',
          ],
        },
        {
          title: 'Check the browser',
          content: ['If your details are right and you still cannot get in:'],
          list: [
            'Reload the page.',
            'Allow site storage: Nido keeps your session in the browser.',
            'Try another window or another browser.',
            'In private browsing, the session ends when you close the window.',
            'If you tried many times in a row, wait a few minutes.',
          ],
        },
        {
          title: 'Write to us',
          content: [
            'If none of this works, or if you lost both the app and your recovery codes, write to soporte@nido.app from your account’s email and tell us what message you see on screen.',
          ],
          tip: 'We will never ask for your password or your codes, neither by email nor by phone.',
        },
      ],
    },

    'notification-issues': {
      title: 'Emails or notifications don’t arrive',
      excerpt: 'What to check if an email from Nido or a push notification does not arrive, and what to do when the browser blocks notifications.',
      intro:
        'Nido emails you about your account and, if you chose so, about your family’s notices; it can also send push notifications to your phone or computer. Check these points in order.',
      steps: [
        {
          title: 'Look at the bell first',
          content: [
            'Every notice appears inside Nido, under the bell at the top, even when it does not reach you by email or on your phone. If a notice is there but did not reach you outside Nido, check in Profile › Notifications:',
          ],
          list: [
            'That this kind of notice has "Email" or "Push" switched on.',
            'That you are not in your quiet hours: when they end, a summary reaches you.',
            'That you did not unsubscribe with the link in an email; if you did, switch it back on.',
            'If the notice arrived but only says "You have something new in Nido", that is discreet mode.',
          ],
          tip: 'Notices are about what other people in your family do: what you change yourself does not notify you.',
        },
        {
          title: 'If the browser blocks notifications',
          content: [
            'If "This device" shows "Notifications are blocked for Nido in this browser", the permission was refused and Nido cannot ask again. To allow them:',
          ],
          list: [
            'On a computer or Android: tap the lock next to the page address, set "Notifications" to "Allow" and reload the page.',
            'If you installed Nido on Android: press and hold its icon, tap "App info" and turn notifications on. On an iPhone or iPad: Settings › Notifications › Nido.',
            'Also check that the phone’s Do Not Disturb or Focus mode is not silencing them.',
          ],
          tip: 'Then go back to Profile › Notifications, tap "Turn on push notifications" and check with "Send a test notice".',
        },
        {
          title: 'If you cannot turn them on on this device',
          content: [
            'If you see "This browser cannot receive push notifications", that browser does not support them; many private windows do not either. On an iPhone or iPad, install Nido on the home screen (in Safari, Share › Add to Home Screen), open it from its icon and turn them on there.',
            'Push notifications are turned on for each device separately and stop on the one where you sign out: when you sign in again, turn them back on.',
          ],
        },
        {
          title: 'Look for the emails in every folder',
          content: [
            'Check spam, promotions and updates, or search your mailbox for "Nido". Add Nido’s address to your contacts so that the next ones reach your inbox.',
          ],
        },
        {
          title: 'Check your address and expired links',
          content: [
            'For your security, Nido shows the same message whether or not an account exists for that email: if there was a typo, the email does not arrive. If it arrives after the link has expired, ask for a new one: the password link lasts 1 hour, the email change link 24 hours and the confirmation link 7 days (for this one, tap "Resend" in the notice at the top).',
          ],
          tip: 'If still nothing arrives, write to soporte@nido.app.',
        },
      ],
    },
  },
};

export default en;
