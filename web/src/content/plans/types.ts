import type { Area } from '../../lib/areas';
import type { PlanId } from '../plans';

/** Texts of /subscription (spec §2 "Subscription plans", §3 "Plan"); prices and flags are in ../plans.ts. */
export interface PlanText {
  name: string;
  period: string;
  description: string;
}

export interface PlansTexts {
  title: string;
  lead: string;
  metaDescription: string;
  trial: { title: string; body: string };
  popular: string;
  save: string;
  plans: Record<PlanId, PlanText>;
  choose: string;
  processing: string;
  sameFeatures: string;
  /**
   * Each item names the product area it belongs to; it is marked coming soon while lib/areas.ts
   * does not call that area live, and `soonLead` is said only while one is.
   */
  features: { title: string; lead: string; soonLead: string; soonLabel: string; items: { text: string; area: Area }[] };
  benefits: { title: string; items: { title: string; body: string }[] };
  faq: { title: string; items: { question: string; answer: string }[] };
  cta: { title: string; body: string; label: string };
  comingSoon: {
    title: string;
    chosen: (plan: string) => string;
    paragraphs: string[];
    backToPlans: string;
    register: string;
  };
}
