import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * The actions of one item behind a single small button, so on a phone the item's text gets the
 * width (menu button pattern: arrows move, Escape or Tab closes, focus returns to the button).
 */
export function ItemMenu({ name, actions }: { name: string; actions: MenuAction[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onMenuKey = (e: KeyboardEvent) => {
    const at = items.current.findIndex((el) => el === document.activeElement);
    const move = (to: number) => {
      e.preventDefault();
      items.current[(to + actions.length) % actions.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(actions.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  const onTriggerKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
    }
  };

  // The dialog an action opens remembers the focused element: leave it on the button, not on an item that goes away.
  const select = (action: MenuAction) => {
    close(true);
    action.onSelect();
  };

  return (
    <div ref={box} className="relative shrink-0">
      <button
        ref={trigger}
        type="button"
        aria-label={t('children.itemMenu', { name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onTriggerKey}
        className="flex h-10 w-10 items-center justify-center rounded-xl text-muted hover:bg-sand-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('children.itemMenu', { name })}
          onKeyDown={onMenuKey}
          className="absolute right-0 top-11 z-30 min-w-40 rounded-xl bg-white py-1 shadow-lg ring-1 ring-black/10"
        >
          {actions.map((action, i) => (
            <button
              key={action.label}
              ref={(el) => {
                items.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => select(action)}
              className={`block w-full px-4 py-2.5 text-left text-sm font-medium focus:outline-none ${action.danger ? 'text-red-700 hover:bg-red-50 focus:bg-red-50' : 'text-ink hover:bg-sand-100 focus:bg-sand-100'}`}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
