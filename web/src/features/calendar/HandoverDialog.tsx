import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { TextArea } from '../../components/TextArea';
import { useRecordHandover } from './api';

interface Props {
  familiaId: string;
  zone: string;
  /** The exchange's date and planned time, as the schedule has them. */
  date: string;
  plannedTime: string | undefined;
  onClose: () => void;
}

/** Recording when an exchange really happened, with a note: late or early ones count in the actual figures. */
export function HandoverDialog({ familiaId, zone, date, plannedTime, onClose }: Props) {
  const { t } = useTranslation();
  const record = useRecordHandover(familiaId);
  const now = Temporal.Now.plainDateTimeISO(zone);
  const [day, setDay] = useState(date);
  const [time, setTime] = useState(date === now.toPlainDate().toString() ? now.toString().slice(11, 16) : (plannedTime ?? '18:00'));
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = async () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return setFailure(t('calendar.handover.errors.when'));
    setFailure(null);
    const ocurrio = Temporal.PlainDateTime.from(`${day}T${time}`).toZonedDateTime(zone).toInstant().toString();
    try {
      await record.mutateAsync({ fecha: day, ocurrio, nota: note.trim() || null });
      setSaved(true);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('calendar.handover.failed'));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('calendar.handover.title')} locked={record.isPending}>
      {saved ? (
        <div className="space-y-4">
          <Alert kind="success">{t('calendar.handover.saved')}</Alert>
          <div className="flex justify-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-muted">{plannedTime ? t('calendar.handover.intro', { time: plannedTime }) : t('calendar.handover.introNoTime')}</p>
          {failure && <Alert>{failure}</Alert>}
          <div className="grid grid-cols-2 gap-3">
            <TextField label={t('calendar.handover.date')} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
            <TextField label={t('calendar.handover.time')} type="time" value={time} onChange={(e) => setTime(e.target.value)} />
          </div>
          <TextArea label={t('calendar.handover.note')} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={record.isPending}>
              {t('common.cancel')}
            </Button>
            <Button busy={record.isPending} onClick={() => void submit()}>
              {t('calendar.handover.save')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
