import type { PlansTexts } from './types';

export const plansEn: PlansTexts = {
  title: 'Plans',
  lead: 'Every plan has the same features. Pick the one that suits the way you prefer to pay.',
  metaDescription:
    'Nido plans: weekly, monthly and yearly, with the same features and a 30-day free trial, no card needed. See prices and frequently asked questions.',
  trial: {
    title: '30 days free on any plan',
    body: 'No credit card and no commitment. When the trial ends, you decide whether to continue.',
  },
  popular: 'Most popular',
  save: 'Save 33%',
  plans: {
    weekly: { name: 'Weekly', period: 'per week', description: 'To try it with no commitment, or for a short stretch.' },
    monthly: { name: 'Monthly', period: 'per month', description: 'The most flexible option: cancel whenever you like.' },
    annual: { name: 'Yearly', period: 'per year', description: 'The best price: 33% less than paying month by month.' },
  },
  choose: 'Choose plan',
  processing: 'Processing…',
  sameFeatures: 'Includes every feature',
  features: {
    title: 'What every plan includes',
    lead: 'The same in all three plans.',
    soonLead: 'What is still being built will be added at no extra cost.',
    soonLabel: 'Coming soon',
    items: [
      { text: 'Unlimited records, one for each child', area: 'childRecords' },
      { text: 'School and medical information, appointments, activities and emergency contacts', area: 'childRecords' },
      { text: 'Photos of your children, visible only to your family', area: 'childRecords' },
      { text: 'Information shared with the family’s co-parents', area: 'coparents' },
      { text: 'Interface in Spanish and English', area: 'web' },
      { text: 'Messages between parents, with attachments and a record that cannot be altered', area: 'messaging' },
      { text: 'Shared calendar', area: 'calendar' },
      { text: 'Shared expenses and child support', area: 'expenses' },
      { text: 'Each child’s documents, with their versions', area: 'documents' },
      { text: 'Notices in the app, by email and in the browser', area: 'notifications' },
      { text: 'Signed reports to present', area: 'reports' },
    ],
  },
  benefits: {
    title: 'Why choose a plan',
    items: [
      { title: 'Risk-free trial', body: '30 days free, no card. If it does not work for you, you pay nothing.' },
      { title: 'No small print', body: 'Every plan includes everything. Only how often you pay changes.' },
      { title: 'Your data is yours', body: 'We do not sell your information. If you cancel, we keep it for 90 days in case you come back.' },
      { title: 'A project that keeps growing', body: 'Your subscription keeps Nido running and funds what comes next.' },
    ],
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'Can I use Nido for free?',
        answer:
          'Yes. The free version works today: create your account, add your children and share their information with your family. Paid plans will add features as they become ready.',
      },
      {
        question: 'How does the 30-day trial work?',
        answer:
          'Every plan starts with 30 days free and we do not ask for a card to begin. When the trial ends, you choose whether to keep the plan or stay on the free version.',
      },
      {
        question: 'Can I pay for a subscription yet?',
        answer: 'Not yet: the payment system is still being prepared. We will announce it on the updates page when it is available.',
      },
      {
        question: 'Can I change plans or cancel?',
        answer:
          'Yes, at any time. If you cancel, we keep your data for 90 days: during that period you can reactivate your account without losing anything.',
      },
    ],
  },
  cta: {
    title: 'Want to know more about Nido?',
    body: 'See how it works and everything you can organise today.',
    label: 'Go to the home page',
  },
  comingSoon: {
    title: 'Payments are coming soon',
    chosen: (plan) => `You chose the ${plan} plan. Thank you for your interest!`,
    paragraphs: [
      'We do not charge for subscriptions yet: we are still getting the payment system ready.',
      'When it is ready, your plan will start with a 30-day free trial, no card needed.',
      'In the meantime, the free version of Nido already works: create your account and start organising your children’s information.',
    ],
    backToPlans: 'Back to plans',
    register: 'Create my free account',
  },
};
