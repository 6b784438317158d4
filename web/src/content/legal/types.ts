/** The six legal documents of spec §2, one route each (see app/router.tsx). */
export const LEGAL_DOCS = ['terms', 'privacy', 'cookies', 'gdpr', 'emailTerms', 'emailPrivacy'] as const;
export type LegalDocId = (typeof LEGAL_DOCS)[number];

/** The route of each document (app/router.tsx wires the same paths). */
export const LEGAL_PATHS: Record<LegalDocId, string> = {
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  gdpr: '/gdpr',
  emailTerms: '/email-terms',
  emailPrivacy: '/email-privacy',
};

/** Every document was rewritten on this date (ISO, shown in the reader's locale). */
export const LEGAL_UPDATED = '2026-11-24';

export const CONTACT_EMAIL = 'soporte@nido.app';

/**
 * One block of a section. Paragraph and list texts are plain strings: the page turns the contact
 * address into a mail link; other links go in a `links` block (internal paths start with "/").
 */
export type LegalBlock =
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: string[] }
  /** Term + explanation pairs (a definition list): rights, kinds of data, retention periods. */
  | { kind: 'terms'; items: { term: string; text: string }[] }
  /** Third parties named with what they do and where their own privacy policy is. */
  | { kind: 'parties'; items: { name: string; purpose: string; policyUrl: string }[] }
  | { kind: 'links'; items: { label: string; to: string }[] }
  /** A short highlighted summary. */
  | { kind: 'note'; text: string };

export interface LegalSection {
  /** Anchor id, the same in every language. */
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** One or two sentences: the lead under the title and the page's meta description. */
  summary: string;
  sections: LegalSection[];
}

export interface LegalTexts {
  ui: {
    lastUpdated: string;
    contents: string;
    backToTop: string;
    privacyPolicyOf: string;
    otherDocuments: string;
  };
  docs: Record<LegalDocId, LegalDocument>;
}
