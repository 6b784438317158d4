import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from '../i18n';
import LandingPage from '../features/site/LandingPage';
import ComingSoonPage from '../features/layout/ComingSoonPage';
import { AREAS, isLive, UPCOMING, type Area } from './features';

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

describe('claims about what exists (app/features.ts)', () => {
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

  it('the placeholders list as coming exactly what is not live', () => {
    render(
      <MemoryRouter>
        <ComingSoonPage section="calendar" />
      </MemoryRouter>,
    );
    const items = within(screen.getByTestId('upcoming')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(UPCOMING.map((area) => t(`comingSoon.features.${area}`)));
    for (const area of Object.keys(AREAS) as Area[]) {
      if (isLive(area)) expect(UPCOMING).not.toContain(area);
    }
    expect(items.join(' ')).not.toMatch(/invitar/i);
  });
});
