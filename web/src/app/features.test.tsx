import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from '../i18n';
import LandingPage from '../features/site/LandingPage';
import releases from 'virtual:changelog';
import SubscriptionPage from '../features/site/plans/SubscriptionPage';
import { companyEn } from '../content/company/en';
import { companyEs } from '../content/company/es';
import { plansEn } from '../content/plans/en';
import { plansEs } from '../content/plans/es';
import { AREAS, isLive, UPCOMING, type Area } from '../lib/areas';

const t = i18n.getFixedT('es');
const CARD_AREAS: Record<string, Area> = {
  privacy: 'privacy',
  messaging: 'messaging',
  calendar: 'calendar',
  expenses: 'expenses',
  documents: 'documents',
  notifications: 'notifications',
  reports: 'reports',
  coparents: 'coparents',
};

describe('claims about what exists (lib/areas.ts)', () => {
  it('the landing page marks "coming soon" only what is not live', () => {
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    for (const [card, area] of Object.entries(CARD_AREAS)) {
      const title = screen.getByRole('heading', { level: 3, name: t(`landing.features.${card}.title`) });
      const item = title.closest('li')!;
      const soon = within(item).queryAllByText(t('common.comingSoon'));
      expect(soon.length > 0, `${card} says coming soon`).toBe(!isLive(area));
    }
    const invite = screen.getByRole('heading', { level: 3, name: new RegExp(t('landing.how.s2.title')) }).closest('li')!;
    expect(within(invite).queryAllByText(t('common.comingSoon')).length > 0).toBe(!isLive('coparents'));
  });

  it('/subscription marks "coming soon" exactly what is not live', () => {
    render(
      <MemoryRouter>
        <SubscriptionPage />
      </MemoryRouter>,
    );
    const list = screen.getByRole('region', { name: 'Qué incluye cada plan' });
    for (const item of plansEs.features.items) {
      const line = within(list).getByText(item.text).closest('li')!;
      const soon = within(line).queryAllByText(plansEs.features.soonLabel);
      expect(soon.length > 0, `${item.text} says coming soon`).toBe(!isLive(item.area));
    }
    expect(plansEn.features.items.map((i) => i.area)).toEqual(plansEs.features.items.map((i) => i.area));
    // Every live area is offered in the plans.
    for (const area of Object.keys(AREAS) as Area[]) {
      if (isLive(area) && area !== 'privacy') expect(plansEs.features.items.some((i) => i.area === area), area).toBe(true);
    }
  });

  it('/updates tells of every live area in CHANGELOG.md, and of nothing that is not live', () => {
    expect(releases[0]?.version, 'the newest version in CHANGELOG.md is the one this build runs').toBe(__APP_VERSION__);
    for (const language of ['es', 'en'] as const) {
      const named = new Set(releases.flatMap((r) => r.parts[language].highlights.flatMap((h) => h.areas)));
      for (const area of named) expect(Object.keys(AREAS), `CHANGELOG.md (${language}) names an unknown area`).toContain(area);
      for (const area of Object.keys(AREAS) as Area[]) expect(named.has(area), `${area} in CHANGELOG.md (${language})`).toBe(isLive(area));
    }
    // Both languages tell the same versions the same way.
    for (const release of releases) {
      expect(release.parts.en.highlights.map((h) => h.areas)).toEqual(release.parts.es.highlights.map((h) => h.areas));
    }
  });

  it('/updates lists as coming exactly what is not live, in both languages', () => {
    for (const texts of [companyEs, companyEn]) {
      for (const area of UPCOMING) expect(texts.updates.roadmap.areas[area]?.title, area).toBeTruthy();
    }
  });
});

