import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { CODE_LENGTH, normaliseCode } from '../../lib/familyCodes';

/** Anyone can join a family with the code a co-parent gave them; the server's refusal is shown as it says it. */
export function JoinWithCode({ onJoin, onJoined }: { onJoin: (codigo: string) => Promise<{ nombre: string }>; onJoined: (family: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    if (!code) {
      setError(t('families.join.required'));
      return;
    }
    setBusy(true);
    try {
      const family = await onJoin(code);
      setCode('');
      onJoined(family.nombre);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('families.join.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-muted">{t('families.join.lead')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-64">
          <TextField
            label={t('families.join.code')}
            value={code}
            onChange={(e) => setCode(normaliseCode(e.target.value))}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            // Room for a pasted code with a dash or spaces before it is cleaned.
            maxLength={CODE_LENGTH + 4}
            error={error ?? undefined}
          />
        </div>
        <Button type="submit" busy={busy} className="sm:mt-7">
          {t('families.join.submit')}
        </Button>
      </div>
    </form>
  );
}
