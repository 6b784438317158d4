import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';

interface Props {
  /** A co-parent of the family: a viewer reads the calendar and changes nothing. */
  canEdit: boolean;
  /** One of the schedule's two parents, the only ones a swap is between. */
  canSwap: boolean;
  hasSchedule: boolean;
  onNewEvent: () => void;
  onCustody: () => void;
  onPeriod: () => void;
  onSwap: () => void;
  onHandover: () => void;
}

/**
 * The calendar's buttons, each shown only to who may use it: nobody walks a form to the end to be
 * told "no permission".
 */
export function CalendarActions({ canEdit, canSwap, hasSchedule, onNewEvent, onCustody, onPeriod, onSwap, onHandover }: Props) {
  const { t } = useTranslation();
  if (!canEdit) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={onNewEvent}>{t('calendar.actions.newEvent')}</Button>
      <Button variant="secondary" onClick={onCustody}>
        {hasSchedule ? t('calendar.actions.changeCustody') : t('calendar.actions.setCustody')}
      </Button>
      {hasSchedule && (
        <>
          <Button variant="secondary" onClick={onPeriod}>
            {t('calendar.actions.holidays')}
          </Button>
          {canSwap && (
            <Button variant="secondary" onClick={onSwap}>
              {t('calendar.actions.askSwap')}
            </Button>
          )}
          <Button variant="ghost" onClick={onHandover}>
            {t('calendar.actions.handover')}
          </Button>
        </>
      )}
    </div>
  );
}
