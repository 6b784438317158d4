import { useId, useRef, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../i18n';
import { useBackCloses } from './useBackCloses';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** While something is being saved the dialog cannot be closed. */
  locked?: boolean;
  /** Wider on large screens, for what shows a page (a document's preview). */
  wide?: boolean;
}

/**
 * Every dialog of the app. Focus goes back to what opened it when it closes, and the phone's Back
 * button closes it rather than leaving the page.
 */
export function Modal({ open, onClose, title, children, locked = false, wide = false }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const opener = useRef<HTMLElement | null>(null);
  useBackCloses(open, id, onClose, locked);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !locked && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(e) => {
            const target = opener.current;
            if (target?.isConnected) {
              e.preventDefault();
              target.focus();
            }
          }}
          className={`fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-3xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-6 ${wide ? 'sm:max-w-3xl' : 'sm:max-w-lg'}`}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-ink">{title}</Dialog.Title>
            <Dialog.Close disabled={locked} className="rounded-lg p-2 text-muted hover:bg-sand-100 disabled:opacity-40">
              <span className="sr-only">{t('common.close')}</span>
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
