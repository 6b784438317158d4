export const FAQ_TABS = ['general', 'account', 'technical', 'privacy'] as const;

export type FaqTabId = (typeof FAQ_TABS)[number];

/** Spec §3 "FAQ item". */
export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqUi {
  title: string;
  lead: string;
  metaDescription: string;
  tabsLabel: string;
  searchLabel: string;
  searchPlaceholder: string;
  noMatches: string;
  noItems: string;
  moreTitle: string;
  moreBody: string;
  contactCta: string;
  helpCta: string;
}

export interface FaqContent {
  ui: FaqUi;
  tabs: Record<FaqTabId, { label: string; items: FaqItem[] }>;
}
