import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n';

/** Spec §9: a toast stays 5 seconds. */
export const TOAST_MS = 5000;

/**
 * A short confirmation at the bottom of the screen, read out by screen readers: `show(key)` puts
 * the text of that key up for five seconds. A key rather than a text, so that a toast raised just
 * as the language changes shows in the new one. The live region is always there, so the
 * announcement is not lost.
 */
export function useToast() {
  const [textKey, setTextKey] = useState<string | null>(null);
  const [serial, setSerial] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = useCallback((key: string) => {
    window.clearTimeout(timer.current);
    setTextKey(key);
    setSerial((n) => n + 1);
    timer.current = window.setTimeout(() => setTextKey(null), TOAST_MS);
  }, []);

  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setTextKey(null);
  }, []);

  return { show, element: <Toast key={serial} textKey={textKey} onClose={hide} /> };
}

function Toast({ textKey, onClose }: { textKey: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {textKey && (
        <div className="pointer-events-auto flex max-w-md items-center gap-3 rounded-2xl bg-ink px-4 py-3 text-sm font-medium text-white shadow-lg">
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" className="shrink-0 text-brand-200">
            <path d="M5 12l5 5L20 7" />
          </svg>
          <span>{t(textKey)}</span>
          <button type="button" onClick={onClose} className="-mr-1 rounded-lg p-1 text-white/80 hover:bg-white/10 hover:text-white">
            <span className="sr-only">{t('common.close')}</span>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
