/** Spec §9: every plan has the same features and a 30-day trial without a card. Prices in USD. */
export const PLANS = [
  { id: 'weekly', price: '0.99', popular: false },
  { id: 'monthly', price: '5.99', popular: true },
  { id: 'annual', price: '39.99', popular: false },
] as const;

export type PlanId = (typeof PLANS)[number]['id'];

export const TRIAL_DAYS = 30;
