/**
 * The roots of the query keys that more than one feature uses. Features do not import one another,
 * so a key that two of them share lives here, and each feature builds its own keys on these. Like
 * all code, keys speak English; the wire's names (paths, fields, live-event kinds) stay Spanish.
 */

/** Everything the calendar shows, and Today (`features/children`), so one live event refreshes both. */
export const calendarKey = ['calendar'] as const;

/** The notices and their unread count; reading messages (`features/messages`) reads their notices too. */
export const notificationsKey = ['notifications'] as const;

/** The messages' own queries, and their search (`features/search`). */
export const messagesKey = ['messages'] as const;

/** The profile, and its summary, which counts documents (`features/documents`). */
export const profileKey = ['profile'] as const;
export const summaryKey = [...profileKey, 'summary'] as const;
