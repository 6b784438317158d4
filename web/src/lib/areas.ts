/**
 * What Nido does today, in one list. Every "coming soon" marker (landing page, help articles,
 * the placeholders' "what is coming" lists) is derived from it, and tests compare each page's
 * claims with it: when an area goes live, change it here and the pages follow.
 */
export const AREAS = {
  /** A record per child: school, health, appointments, activities, emergency contacts, photo. */
  childRecords: 'live',
  privacy: 'live',
  /** Inviting the other parent by mail or code; several co-parents, relatives and carers per family. */
  coparents: 'live',
  web: 'live',
  messaging: 'live',
  calendar: 'live',
  expenses: 'live',
  documents: 'live',
  notifications: 'live',
  /** The family's statistics and certified PDF records anyone can verify. */
  reports: 'live',
  iosApp: 'soon',
  androidApp: 'soon',
} as const satisfies Record<string, 'live' | 'soon'>;

export type Area = keyof typeof AREAS;

export const isLive = (area: Area): boolean => AREAS[area] === 'live';

/** The areas still to come, in the order above. */
export const UPCOMING: readonly Area[] = (Object.keys(AREAS) as Area[]).filter((area) => !isLive(area));
