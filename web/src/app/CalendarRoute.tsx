import CalendarPage from '../features/calendar/CalendarPage';
import { ChildItemDialog } from '../features/children/ChildItemDialog';

/** /calendar, opening a child's activity or appointment in the child's record's own form. */
export default function CalendarRoute() {
  return <CalendarPage ChildItem={ChildItemDialog} />;
}
