import { useEffect, useRef } from 'react';
import { currentLanguage, onLanguageChosen, setLanguage } from '../i18n';
import { useSession } from '../lib/session';

/**
 * One language choice: while signed in, picking a language anywhere saves it to the profile, so
 * the server's messages and mails follow it too. The profile keeps every other field as it is.
 */
export function LanguageSync() {
  const { user, updateUser } = useSession();
  const adoptedFor = useRef<string | null>(null);
  // A session found at start brings its saved language, as signing in does.
  useEffect(() => {
    if (!user || adoptedFor.current === user._id) return;
    adoptedFor.current = user._id;
    if ((user.language === 'es' || user.language === 'en') && user.language !== currentLanguage()) setLanguage(user.language);
  }, [user]);
  useEffect(() => {
    if (!user) return;
    return onLanguageChosen((language) => {
      if (language === user.language) return;
      void import('../api/client')
        .then(({ api, unwrap }) =>
          unwrap(
            api.PUT('/api/usuarios/perfil', {
              body: { nombre: user.nombre, apellido: user.apellido, email: user.email, telefono: user.telefono ?? null, language },
            }),
            '',
          ),
        )
        .then(updateUser)
        // The page already speaks the new language; the profile keeps the old one until the next choice.
        .catch(() => undefined);
    });
  }, [user, updateUser]);
  return null;
}
