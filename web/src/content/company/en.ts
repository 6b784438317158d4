import type { CompanyTexts } from './types';

export const companyEn: CompanyTexts = {
  about: {
    title: 'About Nido',
    lead: 'We make software that makes raising children across two homes a little simpler and a lot calmer.',
    metaDescription:
      'Meet Nido: our mission, our values and the small Buenos Aires company that builds this open-source platform for separated parents.',
    mission: {
      title: 'Our mission',
      paragraphs: [
        'When a family separates, the children’s information gets scattered: a form in one home, a lost message on the other parent’s phone, a detail only one of you remembers. Nido exists to bring that information together in one place, so that everyone who looks after the children has it up to date.',
        'We want parents to spend less time coordinating and arguing, and more time with their children.',
      ],
    },
    values: {
      title: 'What guides us',
      items: {
        privacy: {
          title: 'Privacy',
          body: 'Your children’s information belongs to your family. We protect it, we do not sell it, and only the people you share it with can see it.',
        },
        simplicity: {
          title: 'Simplicity',
          body: 'Every screen should work for a tired parent on a phone, with no manual. If something needs explaining, we redo it.',
        },
        family: {
          title: 'Family',
          body: 'We design with the children in mind first. Every feature should reduce conflict between the adults, never add to it.',
        },
        innovation: {
          title: 'Innovation',
          body: 'We use technology where it genuinely helps, and carefully: we try things, listen to families and improve step by step.',
        },
      },
    },
    story: {
      title: 'How Nido started',
      paragraphs: [
        'Nido was born in 2024 from a simple observation: separated families organise themselves with tools that were never designed for them. Group chats where everything gets mixed up, calendars each parent keeps separately, photos of prescriptions lost among hundreds of pictures.',
        'We started with the most basic and most useful thing: a record for each child with their school and medical information, activities, appointments and emergency contacts, shared within the family. That is what Nido does today, in Spanish and English.',
        'Then came messages between parents, with a record that cannot be altered, and a shared calendar with the custody schedule. What comes next we build by listening to the people who use it: expense tracking and documents are being built.',
      ],
    },
    founder: {
      title: 'Who is behind it',
      role: 'Founder · Product and engineering',
      paragraphs: [
        'Nido was founded in 2024 by one person who still leads the product and much of the development: deciding what gets built, designing the screens and writing a good part of the code.',
        'If you want to suggest an idea, report a problem or talk about working together, you can write directly. Every message is read.',
      ],
      mailLabel: 'Email soporte@nido.app',
      contactLabel: 'Go to the contact form',
    },
    company: {
      title: 'The company',
      paragraphs: [
        'Nido is made by a small software company based in Buenos Aires, Argentina, founded in 2024. We work remotely and as a small team, which lets us decide quickly and stay focused on a single product.',
        'We make Nido as open-source software: the code is public, so anyone can check how data is handled and suggest improvements. We believe a tool that holds such sensitive information should be open to scrutiny.',
      ],
      facts: [
        { label: 'Founded', value: '2024' },
        { label: 'Based in', value: 'Buenos Aires, Argentina' },
        { label: 'How we work', value: '100% remote' },
        { label: 'Licence', value: 'Open source' },
      ],
    },
    team: {
      title: 'Let’s talk',
      body: 'We are a small team and we like hearing from the families who use Nido. For questions, suggestions or problems, write to us: we usually reply within 24 to 48 working hours.',
      mailLabel: 'soporte@nido.app',
      contactLabel: 'Contact form',
    },
  },

  careers: {
    title: 'Careers',
    lead: 'We build tools for families going through a hard time. If that matters to you, we would like to meet you.',
    metaDescription:
      'Work at Nido: a small, remote company based in Buenos Aires that makes open-source software for separated parents.',
    openings: {
      title: 'Open positions',
      body: 'We have no open positions right now. We would still like to hear from people who might join us later: if one of the profiles below sounds like you, write to us and we will keep your details for when we start hiring.',
    },
    reasons: {
      title: 'Why join us',
      items: {
        impact: {
          title: 'Impact',
          body: 'What you build is used by a parent to check what time their child finishes school or which medicine they must not take. The difference shows.',
        },
        growth: {
          title: 'Growth',
          body: 'In a small team everyone touches many parts of the product, from a conversation with a family to the code that solves their problem.',
        },
        remote: {
          title: 'Remote',
          body: 'We are 100% remote, with flexible hours and plenty of written communication. Results matter, not hours online.',
        },
        equity: {
          title: 'Equity',
          body: 'We want the first people on the team to share in what Nido becomes, including a stake in the company.',
        },
      },
    },
    philosophy: {
      title: 'How we work',
      paragraphs: [
        'We prefer a few things done well to many done halfway. We write to think and to make decisions clear, we review each other’s work and we publish our code as open source.',
        'We look after families’ data as if it were our own, and we look after the people on the team too: realistic deadlines, time to learn and respect for life outside work.',
      ],
      facts: [
        { value: '2024', label: 'Founded' },
        { value: '∞', label: 'Potential' },
        { value: '100%', label: 'Remote' },
      ],
    },
    profiles: {
      title: 'Profiles we look for',
      intro: 'When we open positions, these are the profiles we will need most:',
      items: {
        fullStack: {
          title: 'Full-stack development',
          body: 'A Rust server and a React web app in TypeScript. We value care for security, testing and accessibility.',
        },
        design: {
          title: 'UX/UI design',
          body: 'Clear interfaces for stressful moments, mobile first, in two languages and accessible to everyone.',
        },
        mobile: {
          title: 'Mobile development',
          body: 'For the native iOS and Android apps on our roadmap, with reliable sync and notifications.',
        },
      },
    },
    contact: {
      title: 'Write to us',
      body: 'Tell us who you are, what interests you about Nido and, if you like, share a link to your work. No formal cover letter needed.',
      mailLabel: 'Send an email',
      mailSubject: 'I would like to work at Nido',
      contactLabel: 'Use the contact form',
    },
  },

  press: {
    title: 'Press',
    lead: 'Information about Nido for journalists and media: company facts, press releases and resources.',
    metaDescription: 'Nido press room: media contact, company facts, press releases and brand resources.',
    inquiries: {
      title: 'Media inquiries',
      body: 'For interviews, facts or images, write to us with the name of your outlet and your deadline. We reply as soon as we can.',
      mailLabel: 'Email soporte@nido.app',
      mailSubject: 'Press inquiry',
      contactLabel: 'Contact form',
    },
    resources: {
      title: 'Resources',
      note: 'We do not have files to download yet: we will send them to you by email.',
      items: [
        {
          title: 'Press kit',
          description: 'A description of Nido, company facts and answers to the most common questions.',
          actionLabel: 'Available on request',
          href: 'mailto:soporte@nido.app?subject=Press%20kit',
        },
        {
          title: 'Brand assets',
          description: 'Logo versions, colours and basic usage guidelines.',
          actionLabel: 'Available on request',
          href: 'mailto:soporte@nido.app?subject=Brand%20assets',
        },
        {
          title: 'Photos',
          description: 'Product screenshots in Spanish and English.',
          actionLabel: 'Available on request',
          href: 'mailto:soporte@nido.app?subject=Nido%20photos',
        },
      ],
    },
    facts: {
      title: 'Company facts',
      items: [
        { label: 'Founded', value: '2024' },
        { label: 'Headquarters', value: 'Buenos Aires, Argentina (remote team)' },
        { label: 'Product', value: 'Web platform for separated parents' },
        { label: 'Languages', value: 'Spanish and English' },
        { label: 'Business model', value: 'Free tier and paid plans with a 30-day trial' },
        { label: 'Licence', value: 'Open source' },
      ],
    },
    releases: {
      title: 'Press releases',
      indexLabel: 'Jump to a press release',
      items: [
        {
          slug: 'nido-2-0',
          date: '2025-01-10',
          title: 'Nido 2.0: a new foundation for raising children across two homes',
          summary:
            'Nido presents version 2.0, rewritten from scratch: faster, designed for phones first and available in Spanish and English.',
          body: [
            'The new version brings together, in one record per child, school and medical information, activities, appointments and emergency contacts, and shares it within the family so both parents have the same details.',
            'Nido 2.0 also lets the other parent sign up from an invitation link and join the family. Messages between parents, a shared calendar and expense tracking are part of the next stages.',
          ],
        },
        {
          slug: 'lanzamiento-nido',
          date: '2024-05-14',
          title: 'Nido launches as an open-source tool for separated parents',
          summary:
            'A small Buenos Aires company launches Nido, a web platform that helps separated families store and share their children’s information.',
          body: [
            'Nido starts from a simple idea: a child’s information should not depend on one parent’s memory or get lost in a chat. The first version lets parents record each child’s basic details and share them with the other parent.',
            'The project is developed as open-source software, with privacy as a principle: each family’s information is visible only to its members.',
          ],
        },
      ],
    },
    coverage: {
      title: 'Recent coverage',
      empty: 'There are no articles about Nido yet. If you are working on one, we would be glad to help.',
    },
    awards: {
      title: 'Awards',
      empty: 'No awards to report yet. For now, our best recognition is the families who use Nido.',
    },
  },

  updates: {
    title: 'Updates',
    lead: 'What changed in Nido, version by version, and what we are working on.',
    metaDescription: 'Nido’s release history and upcoming features: notes for every version and our roadmap.',
    current: { label: 'Current version', releasedOn: 'Released on' },
    subscribe: {
      label: 'Subscribe to updates',
      joinBeta: 'Join the beta',
      note: 'For now both buttons take you to the contact form: leave us your email and we will write when there is news or an open beta.',
    },
    history: { title: 'Release history', highlights: 'Highlights' },
    roadmap: {
      title: 'What is coming',
      lead: 'This is what we are working on. We give it no date: we add it when it is ready, and announce it here.',
      areas: {
        reports: {
          title: 'Reports to present',
          description: 'A signed report of a period’s messages, expenses, payments and handovers, to take to a mediation or a court.',
        },
        iosApp: {
          title: 'iPhone app',
          description: 'Nido on the App Store. Meanwhile, you can install Nido on an iPhone from the browser.',
        },
        androidApp: {
          title: 'Android app',
          description: 'Nido on Google Play. Meanwhile, you can install Nido on your phone from the browser.',
        },
      },
    },
    ideas: {
      title: 'Have an idea?',
      body: 'Many of these features started as suggestions from families. Tell us what would help you.',
      contactLabel: 'Write to us',
    },
  },
};
