import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { Card } from '../../components/ui';
import { devicesKey, useDevices, useRemoveDevice, useTestPush } from './preferencesApi';
import { currentSubscription, enablePush, forgetThisDevice, pushSupport, PushUnavailable, type PushProblem } from './thisDevice';
import { formatDay } from '../../lib/format';

type Notice = { kind: 'error' | 'info' | 'success'; text: string };

/** "This device": push on this browser, a test notice, and every device that receives push. */
export function DeviceSection({ onDone }: { onDone: (key: string) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const devices = useDevices(true);
  const remove = useRemoveDevice();
  const test = useTestPush();
  const [support, setSupport] = useState(() => pushSupport());
  // undefined while this browser's subscription is being looked up.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [problem, setProblem] = useState<PushProblem | null>(() => (pushSupport() === 'denied' ? 'denied' : null));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    currentSubscription()
      .then((subscription) => !cancelled && setEndpoint(subscription?.endpoint ?? null))
      .catch(() => !cancelled && setEndpoint(null));
    return () => {
      cancelled = true;
    };
  }, []);

  const registeredHere = endpoint != null && (devices.data ?? []).some((device) => device.endpoint === endpoint);

  const enable = async () => {
    setBusy(true);
    setNotice(null);
    setProblem(null);
    try {
      const added = await enablePush(t('notificationSettings.device.enableFailed'));
      setEndpoint(added.endpoint);
      await queryClient.invalidateQueries({ queryKey: devicesKey });
      onDone('notificationSettings.device.enabled');
    } catch (err) {
      if (err instanceof PushUnavailable) setProblem(err.problem);
      else setNotice({ kind: 'error', text: err instanceof Error && err.message ? err.message : t('notificationSettings.device.enableFailed') });
    } finally {
      setSupport(pushSupport());
      setBusy(false);
    }
  };

  const disable = async () => {
    setBusy(true);
    setNotice(null);
    await forgetThisDevice();
    setEndpoint(null);
    await queryClient.invalidateQueries({ queryKey: devicesKey });
    setBusy(false);
    onDone('notificationSettings.device.disabled');
  };

  const sendTest = async () => {
    setNotice(null);
    try {
      const { enviados } = await test.mutateAsync();
      setNotice(enviados > 0 ? { kind: 'success', text: t('notificationSettings.device.testSent', { count: enviados }) } : { kind: 'info', text: t('notificationSettings.device.testNone') });
    } catch (err) {
      setNotice({ kind: 'error', text: err instanceof Error ? err.message : t('notificationSettings.device.testFailed') });
    }
  };

  const dateFormat = { format: (date: Date) => formatDay(date, i18n.language, { dateStyle: 'medium' }) };

  return (
    <Card title={t('notificationSettings.device.title')}>
      <p className="text-sm text-muted">{t('notificationSettings.device.description')}</p>
      <div className="mt-4 space-y-3" data-testid="this-device">
        {support === 'unsupported' ? (
          <Alert kind="info">{t('notificationSettings.device.unsupported')}</Alert>
        ) : endpoint === undefined || devices.isLoading ? (
          <Spinner small />
        ) : registeredHere ? (
          <>
            <Alert kind="success">{t('notificationSettings.device.on')}</Alert>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button variant="secondary" busy={test.isPending} onClick={() => void sendTest()}>
                {t('notificationSettings.device.test')}
              </Button>
              <Button variant="secondary" busy={busy} onClick={() => void disable()}>
                {t('notificationSettings.device.disable')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-ink">{t('notificationSettings.device.off')}</p>
            <Button busy={busy} disabled={support === 'denied'} onClick={() => void enable()} className="w-full sm:w-auto">
              {t('notificationSettings.device.enable')}
            </Button>
          </>
        )}
        {problem && (
          <Alert kind={problem === 'dismissed' ? 'info' : 'error'}>
            <p className="font-medium">{t(`notificationSettings.device.problem.${problem}.title`)}</p>
            <p className="mt-1">{t(`notificationSettings.device.problem.${problem}.body`)}</p>
          </Alert>
        )}
        {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      </div>

      <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-muted">{t('notificationSettings.device.listTitle')}</h3>
      {devices.isError ? (
        <div className="mt-2">
          <Alert>{devices.error.message}</Alert>
        </div>
      ) : devices.data && devices.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('notificationSettings.device.none')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-sand-200" aria-label={t('notificationSettings.device.listTitle')}>
          {(devices.data ?? []).map((device) => (
            <li key={device._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-ink">
                  {device.agente || t('notificationSettings.device.unknownAgent')}
                  {device.endpoint === endpoint && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">{t('notificationSettings.device.thisOne')}</span>}
                </p>
                <p className="text-sm text-muted">{t('notificationSettings.device.added', { date: dateFormat.format(new Date(device.creado)) })}</p>
              </div>
              <Button
                variant="secondary"
                busy={remove.isPending && remove.variables === device._id}
                aria-label={t('notificationSettings.device.removeNamed', { name: device.agente || t('notificationSettings.device.unknownAgent') })}
                onClick={() =>
                  remove.mutate(device._id, {
                    onSuccess: () => {
                      if (device.endpoint === endpoint) void forgetThisDevice().then(() => setEndpoint(null));
                      onDone('notificationSettings.device.removed');
                    },
                    onError: (err) => setNotice({ kind: 'error', text: err.message }),
                  })
                }
              >
                {t('notificationSettings.device.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
