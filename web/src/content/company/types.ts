/** Texts of the company pages (spec §2 "Company pages", §3 "Roadmap item", "Press …", "Fact"). */

import type { Area } from '../../lib/areas';

export interface Fact {
  label: string;
  value: string;
}

/** What is coming, per area of lib/areas.ts not live yet (the releases come from CHANGELOG.md). */
export interface RoadmapItem {
  title: string;
  description: string;
}

export interface PressRelease {
  title: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  summary: string;
  /** Also the element id of the release on /press. */
  slug: string;
  body: string[];
}

export interface PressResource {
  title: string;
  description: string;
  actionLabel: string;
  href: string;
}

export interface TitledText {
  title: string;
  body: string;
}

export interface CompanyTexts {
  about: {
    title: string;
    lead: string;
    metaDescription: string;
    mission: { title: string; paragraphs: string[] };
    values: { title: string; items: Record<'privacy' | 'simplicity' | 'family' | 'innovation', TitledText> };
    story: { title: string; paragraphs: string[] };
    founder: { title: string; role: string; paragraphs: string[]; mailLabel: string; contactLabel: string };
    company: { title: string; paragraphs: string[]; facts: Fact[] };
    team: { title: string; body: string; mailLabel: string; contactLabel: string };
  };
  careers: {
    title: string;
    lead: string;
    metaDescription: string;
    openings: { title: string; body: string };
    reasons: { title: string; items: Record<'impact' | 'growth' | 'remote' | 'equity', TitledText> };
    philosophy: { title: string; paragraphs: string[]; facts: Fact[] };
    profiles: { title: string; intro: string; items: Record<'fullStack' | 'design' | 'mobile', TitledText> };
    contact: { title: string; body: string; mailLabel: string; mailSubject: string; contactLabel: string };
  };
  press: {
    title: string;
    lead: string;
    metaDescription: string;
    inquiries: { title: string; body: string; mailLabel: string; mailSubject: string; contactLabel: string };
    resources: { title: string; note: string; items: PressResource[] };
    facts: { title: string; items: Fact[] };
    releases: { title: string; indexLabel: string; items: PressRelease[] };
    coverage: { title: string; empty: string };
    awards: { title: string; empty: string };
  };
  updates: {
    title: string;
    lead: string;
    metaDescription: string;
    current: { label: string; releasedOn: string };
    subscribe: { label: string; joinBeta: string; note: string };
    history: { title: string; highlights: string };
    /** Texts for the areas that are not live; which ones show is lib/areas.ts's to say. */
    roadmap: { title: string; lead: string; areas: Partial<Record<Area, RoadmapItem>> };
    ideas: { title: string; body: string; contactLabel: string };
  };
}
