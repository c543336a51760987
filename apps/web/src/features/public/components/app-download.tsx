import { forwardRef } from 'react';
import { Bell, Camera, Smartphone } from 'lucide-react';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import { InstallAppButton } from '../../../components/install-app-button';
import { APP_LINKS } from '../lib/company';
import { PhoneAppIllustration } from './phone-app-illustration';

function AppleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7 fill-current">
      <path d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8zM14.1 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.6 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.6-1.3z" />
    </svg>
  );
}

function PlayMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7">
      <path d="M4 2.8v18.4c0 .3.3.5.6.4L15 12 4.6 2.4c-.3-.1-.6.1-.6.4z" fill="#34d399" />
      <path d="m15 12 3.3-3.1-12.9-6.6L15 12z" fill="#60a5fa" />
      <path d="M15 12 5.4 21.7l12.9-6.6L15 12z" fill="#f87171" />
      <path d="m18.3 8.9-3.3 3.1 3.3 3.1 2.9-1.5c.9-.5.9-2.2 0-2.7l-2.9-2z" fill="#fbbf24" />
    </svg>
  );
}

function StoreButton({ href, mark, small, big }: { href: string; mark: React.ReactNode; small: string; big: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-w-48 items-center gap-3 rounded-xl bg-black px-4 py-2.5 text-white ring-1 ring-white/20 hover:bg-neutral-800"
    >
      {mark}
      <span className="grid text-left leading-tight">
        <span className="text-xs">{small}</span>
        <span className="text-lg font-semibold">{big}</span>
      </span>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

const APP_POINTS = [
  { icon: Bell, text: 'A notification the moment mail or a package arrives' },
  { icon: Camera, text: 'Envelope and content scans you can zoom into' },
  { icon: Smartphone, text: 'Forward, pick up, shred or ship in two taps' },
];

/** How to put the web app on a phone's home screen, for each of the two phone browsers that can. */
const INSTALL_STEPS = [
  {
    device: 'iPhone and iPad',
    browser: 'Safari',
    steps: ['Open this site in Safari.', 'Tap the Share button.', 'Choose Add to Home Screen, then Add.'],
  },
  {
    device: 'Android',
    browser: 'Chrome',
    steps: ['Open this site in Chrome.', 'Tap the menu (⋮) at the top right.', 'Choose Install app, then Install.'],
  },
];

function InstallInstructions() {
  return (
    <div className="grid gap-4" data-testid="install-instructions">
      <div className="grid gap-3 sm:grid-cols-2">
        {INSTALL_STEPS.map(({ device, browser, steps }) => (
          <div key={device} className="grid content-start gap-2 rounded-xl bg-white/10 p-4">
            <h3 className="text-base font-semibold">
              {device} <span className="font-normal text-navy-200">· {browser}</span>
            </h3>
            <ol className="grid list-decimal gap-1 pl-5 text-sm leading-6 text-navy-200">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        ))}
      </div>
      <InstallAppButton variant="orange" className="w-fit" />
    </div>
  );
}

/**
 * The app-download section of Help (spec 2.3: the query `id` scrolls here). The app is this site installed on the
 * phone (a web app: manifest and service worker); store buttons appear only when native store listings are
 * configured (APP_LINKS).
 */
export const AppDownload = forwardRef<HTMLElement>(function AppDownload(_props, ref) {
  return (
    <section
      ref={ref}
      id="app-download"
      tabIndex={-1}
      aria-labelledby="app-download-heading"
      className="scroll-mt-20 bg-navy-900 text-white outline-none"
      data-testid="app-download"
    >
      <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.3fr_1fr]">
        <div className="grid gap-6">
          <p className="text-sm font-semibold tracking-wide text-orange-bright uppercase">Mobile apps</p>
          <h2 id="app-download-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Get the Postwise app
          </h2>
          <p className="max-w-xl text-base leading-7 text-navy-200">
            Everything on the website, in your pocket.{' '}
            {APP_LINKS.appStore || APP_LINKS.googlePlay
              ? 'Available for iPhone and Android; sign in with the same account.'
              : `Add ${PRODUCT_NAME} to your phone's home screen from the browser, on iPhone and Android: no store needed, sign in with the same account.`}
          </p>
          <ul className="grid gap-3">
            {APP_POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-base">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10">
                  <Icon aria-hidden="true" className="size-5 text-orange-bright" />
                </span>
                {text}
              </li>
            ))}
          </ul>
          {APP_LINKS.appStore || APP_LINKS.googlePlay ? (
            <div className="flex flex-wrap gap-3">
              {APP_LINKS.appStore ? (
                <StoreButton href={APP_LINKS.appStore} mark={<AppleMark />} small="Download on the" big="App Store" />
              ) : null}
              {APP_LINKS.googlePlay ? (
                <StoreButton href={APP_LINKS.googlePlay} mark={<PlayMark />} small="Get it on" big="Google Play" />
              ) : null}
            </div>
          ) : (
            <InstallInstructions />
          )}
        </div>
        <PhoneAppIllustration className="mx-auto hidden w-56 sm:block lg:w-64" />
      </div>
    </section>
  );
});
