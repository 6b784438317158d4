import { collectLive } from '../api/live';
import { calendarLive } from './calendar/live';
import { childrenLive } from './children/live';
import { documentsLive } from './documents/live';
import { familiesLive } from './families/live';
import { messagesLive } from './messages/live';
import { moneyLive } from './money/live';
import { notificationsLive } from './notifications/live';
import { profileLive } from './profile/live';
import { reportsLive } from './reports/live';

/**
 * What each kind of live event invalidates, gathered from the features that show it. A kind of
 * the server's that no feature claims fails the type check here.
 */
export const LIVE_INVALIDATIONS = collectLive([
  childrenLive,
  familiesLive,
  calendarLive,
  notificationsLive,
  messagesLive,
  moneyLive,
  documentsLive,
  profileLive,
  reportsLive,
]);
