import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { TextArea } from '../../../components/TextArea';
import { useLocalized } from '../../../content/localized';
import es from '../../../content/contact/es';
import en from '../../../content/contact/en';
import { currentLanguage } from '../../../i18n';
import { applyServerErrors } from '../../../lib/serverErrors';
import { useHydrated } from '../../../lib/useHydrated';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { sendContactMessage } from './api';
import { contactSchema, type ContactValues } from './schema';

const SUPPORT = 'soporte@nido.app';
const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '', website: '' };

export default function ContactPage() {
  const { t } = useTranslation();
  const text = useLocalized({ es, en });
  usePageMeta(text.title, text.metaDescription);
  const hydrated = useHydrated();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({ resolver: zodResolver(contactSchema(t, text)), defaultValues: EMPTY });

  const onSubmit = async (values: ContactValues) => {
    setFailure(null);
    try {
      await sendContactMessage({ ...values, language: currentLanguage() }, text.failed);
      reset(EMPTY);
      setSent(true);
    } catch (err) {
      // The form keeps what was typed: nothing is lost to a failure.
      setFailure(applyServerErrors(err, setError, { name: 'name', email: 'email', subject: 'subject', message: 'message' }, text.failed));
    }
  };

  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <PageHeader title={text.title} lead={text.lead} />
      <div className="grid gap-8 md:grid-cols-[3fr_2fr]">
        <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8">
          {sent ? (
            <div className="text-center" role="status">
              <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-2xl text-brand-700">
                ✓
              </span>
              <h2 className="mt-4 text-2xl font-bold text-ink">{text.sentTitle}</h2>
              <p className="mt-2 text-muted">{text.sentBody}</p>
              <Button className="mt-6" variant="secondary" onClick={() => setSent(false)}>
                {text.sendAnother}
              </Button>
            </div>
          ) : (
            // method="post": should the form ever be sent before the app runs, nothing typed ends up in the address.
            <form noValidate method="post" onSubmit={handleSubmit(onSubmit)} className="space-y-4">
              <TextField label={text.name} autoComplete="name" required error={errors.name?.message} {...register('name')} />
              <TextField label={text.email} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
              <TextField label={text.subject} required error={errors.subject?.message} {...register('subject')} />
              <TextArea label={text.message} rows={6} required hint={text.messageHint} error={errors.message?.message} {...register('message')} />
              {/* A field people never see: programs that fill every field give themselves away. */}
              <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
                <label>
                  {text.website}
                  <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
                </label>
              </div>
              {failure && <Alert>{failure}</Alert>}
              <Button type="submit" full busy={isSubmitting} disabled={!hydrated}>
                {text.send}
              </Button>
            </form>
          )}
        </section>
        <aside className="space-y-6">
          <section className="rounded-3xl bg-sand-100 p-6">
            <h2 className="text-lg font-bold text-ink">{text.infoTitle}</h2>
            <dl className="mt-4 space-y-4 text-sm">
              <div>
                <dt className="font-semibold text-ink">{text.infoMail}</dt>
                <dd>
                  <a className="text-brand-700 underline" href={`mailto:${SUPPORT}`}>
                    {SUPPORT}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-ink">{text.infoPlace}</dt>
                <dd className="text-muted">{text.infoPlaceValue}</dd>
              </div>
              <div>
                <dt className="font-semibold text-ink">{text.infoTime}</dt>
                <dd className="text-muted">{text.infoTimeValue}</dd>
              </div>
            </dl>
          </section>
          <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
            <h2 className="text-lg font-bold text-ink">{text.selfHelp}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <Link className="font-medium text-brand-700 underline" to="/help">
                  {text.helpLink}
                </Link>
              </li>
              <li>
                <Link className="font-medium text-brand-700 underline" to="/faq">
                  {text.faqLink}
                </Link>
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </main>
  );
}
