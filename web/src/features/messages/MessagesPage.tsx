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
  return (
    <section className="mx-auto flex h-[calc(100dvh-7rem)] max-w-6xl gap-4 md:h-[calc(100dvh-9rem)]">
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
