import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import type { Scope } from './types';

const SCOPES: Scope[] = ['una', 'siguientes', 'todas'];

/** Which occurrences of a repeating event a change or a deletion reaches. */
export function ScopeDialog({ action, onChoose, onCancel }: { action: 'save' | 'delete'; onChoose: (scope: Scope) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<Scope>('una');
  return (
    <Modal open onClose={onCancel} title={t(action === 'save' ? 'calendar.scope.saveTitle' : 'calendar.scope.deleteTitle')}>
      <fieldset className="space-y-2">
        <legend className="sr-only">{t('calendar.scope.legend')}</legend>
        {SCOPES.map((s) => (
          <label key={s} className="flex items-center gap-3 rounded-xl border border-sand-200 px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
            <input type="radio" name="scope" value={s} checked={scope === s} onChange={() => setScope(s)} />
            {t(`calendar.scope.${s}`)}
          </label>
        ))}
      </fieldset>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button variant={action === 'delete' ? 'danger' : 'primary'} onClick={() => onChoose(scope)}>
          {t(action === 'save' ? 'common.save' : 'calendar.form.delete')}
        </Button>
      </div>
    </Modal>
  );
}
