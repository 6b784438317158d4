import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Switch } from '../../components/Switch';
import { useMessageSettings, useSaveMessageSettings } from './api';

/**
 * The messages' settings behind one button: for now, the shield against hurtful messages. The
 * panel hangs from the nearest positioned ancestor (the list's header row), not from the button:
 * the button sits left of "New", and a panel as wide as the help text, hung from it, ran off a
 * phone's left edge.
 */
export function ShieldSettings() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const settings = useMessageSettings();
  const save = useSaveMessageSettings();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div ref={root}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex h-10 w-10 items-center justify-center rounded-xl text-brand-700 hover:bg-brand-50"
      >
        <span className="sr-only">{t('messages.settings')}</span>
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
        </svg>
      </button>
      {open && (
        <div id={panelId} role="region" aria-label={t('messages.settings')} className="absolute right-0 top-full z-30 mt-2 w-72 max-w-full rounded-2xl bg-white p-4 shadow-xl ring-1 ring-black/10">
          <Switch
            label={t('messages.shield.label')}
            checked={settings.data?.escudo ?? false}
            disabled={settings.isPending || save.isPending}
            onChange={(escudo) => save.mutate({ escudo })}
          />
          <p className="mt-2 text-sm text-muted">{t('messages.shield.help')}</p>
          {(settings.isError || save.isError) && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {(save.error ?? settings.error)?.message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
