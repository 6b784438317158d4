import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';

/** Case, accents and surrounding spaces do not count: "lucia" confirms "Lucía". */
export function sameName(typed: string, name: string) {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .trim()
      .replace(/\s+/g, ' ')
      .toLocaleLowerCase();
  return fold(typed) !== '' && fold(typed) === fold(name);
}

interface Props {
  open: boolean;
  firstName: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Deleting a child's record asks for their first name, so two taps cannot do it by accident. */
export function DeleteChildDialog({ open, firstName, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const matches = sameName(typed, firstName);
  const close = () => {
    setTyped('');
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    if (!matches) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      close();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} onClose={close} title={t('children.deleteTitle')} locked={busy}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
        className="space-y-4"
      >
        <p className="text-sm text-muted wrap-anywhere">{t('children.deleteBody', { name: firstName })}</p>
        {failure && <Alert>{failure}</Alert>}
        <TextField
          label={t('children.deleteTypeName', { name: firstName })}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={busy} disabled={!matches}>
            {t('children.deleteConfirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
