import { useLayoutEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { ConversationList } from './ConversationList';
import { Thread } from './Thread';

/**
 * /messages and /messages/:id. On a phone one pane at a time: the list, then the thread full
 * screen with a way back; on a wide screen the list and the open thread side by side.
 */
export default function MessagesPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [box, height] = useFillViewport();
  return (
    <section ref={box} style={{ height }} className="mx-auto flex max-w-6xl gap-4">
      <div className={`${id ? 'hidden lg:flex' : 'flex'} min-h-0 w-full flex-col lg:w-96 lg:shrink-0`}>
        <ConversationList selectedId={id} />
      </div>
      <div className={`${id ? 'flex' : 'hidden lg:flex'} min-h-0 min-w-0 flex-1 flex-col`}>
        {id ? (
          <Thread key={id} id={id} />
        ) : (
          <div className="flex flex-1 items-center justify-center rounded-3xl border-2 border-dashed border-brand-200 p-8 text-center text-muted">
            {t('messages.pick')}
          </div>
        )}
      </div>
    </section>
  );
}

/** Leaves this much under the panes: the page's own bottom padding. */
const BOTTOM_GAP_PX = 24;
const MIN_HEIGHT_PX = 420;

/**
 * The height that takes the panes from where they start to the bottom of the window, whatever
 * stands above them (the header, a reminder banner), so the composer stays in view and only the
 * messages scroll.
 */
function useFillViewport() {
  const box = useRef<HTMLElement>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const measure = () => {
      const el = box.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(window.innerHeight - top - BOTTOM_GAP_PX, MIN_HEIGHT_PX));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (box.current?.parentElement) observer?.observe(box.current.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);
  return [box, height] as const;
}
