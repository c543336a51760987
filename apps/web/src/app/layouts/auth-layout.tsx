import { Outlet } from 'react-router';
import { MailOpen, PackageCheck, ScanLine, ShieldCheck } from 'lucide-react';
import { HomeLogoLink } from '../../components/brand/home-logo-link';

const HIGHLIGHTS = [
  { icon: MailOpen, text: 'A real street address with mail and package scans' },
  { icon: ScanLine, text: 'Forward, hold for pickup, shred or archive from anywhere' },
  { icon: PackageCheck, text: 'Discounted carrier postage: 70% or more off' },
  { icon: ShieldCheck, text: 'Private, secure and always under your control' },
];

/** Split screen of spec 2.3: the brand panel and the form card (login, register, recovery). */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-surface lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-navy-900 text-white lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-navy-800 opacity-70"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-40 -left-24 size-96 rounded-full border-[48px] border-white/5"
        />
        <HomeLogoLink className="relative inline-flex self-start" tone="light" />
        <div className="relative grid max-w-md gap-8">
          <div className="grid gap-3">
            <p className="text-3xl leading-tight font-bold tracking-tight xl:text-4xl">
              Your mail and parcels, handled like a bank handles money.
            </p>
            <p className="text-base text-navy-200">
              One private mailbox and discounted shipping, managed from your desk or your phone.
            </p>
          </div>
          <ul className="grid gap-4">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-sm text-white/90">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white/10">
                  <Icon aria-hidden="true" className="size-4 text-orange-bright" />
                </span>
                <span className="pt-1.5">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-navy-200">© {new Date().getFullYear()} Postwise</p>
      </aside>

      <header className="flex h-16 items-center border-b bg-background px-5 lg:hidden">
        <HomeLogoLink />
      </header>

      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:px-8 sm:py-12">
        <div className="w-full max-w-md rounded-card border bg-background p-6 shadow-sm sm:p-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
