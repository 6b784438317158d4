import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { ActivityForm } from './ActivitiesTab';
import type { Child } from './api';
import { AppointmentForm } from './MedicalTab';
import type { components } from '../../api/schema';

type Origin = components['schemas']['OriginView'];

interface Props {
  origin: Origin;
  /** The family's children as the children list has them, each with their activities and appointments. */
  children: Child[];
  canEdit: boolean;
  onClose: () => void;
}

/** The record's tab where the item lives (`?tab=` of the child's page). */
const tabOf = (origin: Origin) => (origin.tipo === 'turno' ? 'medico' : 'actividades');

/**
 * A child's activity or medical appointment opened from the calendar: the child's record's own
 * form for it, so that a change made here is the record's (the calendar holds no copy of it).
 * Viewers read it and find the record.
 */
export function ChildItemDialog({ origin, children, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const child = children.find((c) => c._id === origin.hijoId);
  const activity = origin.tipo === 'actividad' ? child?.actividades.find((a) => a.id === origin.id) : undefined;
  const appointment = origin.tipo === 'turno' ? child?.turnosMedicos.find((a) => a._id === origin.id) : undefined;
  const name = child?.nombre ?? '';
  const title = origin.tipo === 'turno' ? t('calendar.record.editAppointment', { child: name }) : t('calendar.record.editActivity', { child: name });
  return (
    <Modal open onClose={onClose} title={title}>
      {!child || (!activity && !appointment) ? (
        <Alert kind="info">{t('calendar.record.missing')}</Alert>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-muted">
            {t('calendar.record.fromRecord', { child: name })}{' '}
            <Link to={`/children/${child._id}?tab=${tabOf(origin)}`} className="font-medium text-brand-700 underline">
              {t('calendar.record.open', { child: name })}
            </Link>
          </p>
          {!canEdit ? (
            <p className="text-sm text-ink">{t('calendar.record.viewOnly')}</p>
          ) : activity ? (
            <ActivityForm child={child} activity={activity} onDone={onClose} />
          ) : appointment ? (
            <AppointmentForm child={child} appointment={appointment} onDone={onClose} />
          ) : null}
        </div>
      )}
    </Modal>
  );
}
