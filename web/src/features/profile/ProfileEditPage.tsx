import { useState } from 'react';
import { setLanguage, useTranslation } from '../../i18n';
import type { Language } from '../../i18n/detect';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { useSession } from '../../lib/session';
import { DangerZone } from './DangerZone';
import { useProfile, useUpdateProfile, type Profile } from './api';
import { PasswordSection } from './PasswordSection';
import { PersonalInfoForm } from './PersonalInfoForm';
import { PhotoSection } from './PhotoSection';
import { useToast } from '../../components/Toast';
import { BackLink, Card } from '../../components/ui';

/** Spec §2 profile edit: picture, personal info, language, security, danger zone. */
export default function ProfileEditPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const toast = useToast();

  return (
    <section className="mx-auto max-w-2xl">
      <BackLink to="/profile">{t('profile.edit.back')}</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-ink">{t('profile.edit.title')}</h1>
      {profile.isLoading ? (
        <Loading />
      ) : profile.isError || !profile.data ? (
        <div className="mt-6 space-y-3">
          <Alert>{profile.error?.message ?? t('profile.edit.loadFailed')}</Alert>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <div className="mt-6 space-y-4">
          <Card title={t('profile.edit.photo.title')}>
            <PhotoSection profile={profile.data} onDone={toast.show} />
          </Card>
          <Card title={t('profile.edit.personal.title')}>
            <PersonalInfoForm profile={profile.data} onSaved={() => toast.show('profile.edit.personal.saved')} />
          </Card>
          <Card title={t('profile.edit.language.title')}>
            <LanguageChoice profile={profile.data} onSaved={() => toast.show('profile.edit.language.saved')} />
          </Card>
          <Card title={t('profile.edit.security.title')}>
            <PasswordSection onChanged={() => toast.show('profile.edit.security.saved')} />
          </Card>
          <DangerZone />
        </div>
      )}
      {toast.element}
    </section>
  );
}

const LANGUAGES: { value: Language; name: string }[] = [
  { value: 'es', name: 'Español' },
  { value: 'en', name: 'English' },
];

/** The interface switches at once; the choice is also saved on the account (emails use it). */
function LanguageChoice({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { updateUser } = useSession();
  const update = useUpdateProfile('profile.edit.language.failed');
  const [failed, setFailed] = useState(false);
  const current: Language = i18n.language === 'en' ? 'en' : 'es';
  // The texts of a language load before it applies: the choice shows as made meanwhile.
  const [chosen, setChosen] = useState<Language | null>(null);
  if (chosen !== null && chosen === current) setChosen(null);
  const shown = chosen ?? current;

  const choose = async (language: Language) => {
    setChosen(language);
    setLanguage(language);
    setFailed(false);
    try {
      const saved = await update.mutateAsync({
        nombre: profile.nombre,
        apellido: profile.apellido,
        email: profile.email,
        telefono: profile.telefono ?? null,
        language,
      });
      updateUser(saved);
      onSaved();
    } catch {
      setFailed(true);
    }
  };

  return (
    <fieldset>
      <legend className="text-sm text-muted">{t('profile.edit.language.description')}</legend>
      <div className="mt-3 grid grid-cols-2 gap-3">
        {LANGUAGES.map((option) => (
          <label
            key={option.value}
            lang={option.value}
            className={`flex cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-3 font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${
              shown === option.value ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-sand-200 text-ink hover:bg-sand-50'
            }`}
          >
            <input
              type="radio"
              name="language"
              value={option.value}
              checked={shown === option.value}
              onChange={() => void choose(option.value)}
              className="h-4 w-4 accent-brand-600"
            />
            {option.name}
          </label>
        ))}
      </div>
      {failed && (
        <div className="mt-3">
          <Alert>{t('profile.edit.language.failed')}</Alert>
        </div>
      )}
    </fieldset>
  );
}
