import type { ReactNode } from 'react';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Logo } from '../components/Logo';

/** The frame of the sign-in, registration and password pages. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-sand-50 px-4 py-6">
      <div className="mx-auto flex max-w-md items-center justify-between">
        <Logo />
        <LanguageSwitch />
      </div>
      <main className="mx-auto mt-8 max-w-md rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
