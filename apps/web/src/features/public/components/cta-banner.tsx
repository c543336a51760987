import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useHydrated } from '../../../lib/use-hydrated';

// The dialog (and its form code) loads on first use, so a visitor who never subscribes never downloads it.
const loadDialog = () => import('./subscribe-dialog');
const SubscribeDialog = lazy(() => loadDialog().then((m) => ({ default: m.SubscribeDialog })));

/** The call-to-action banner at the foot of every public page (spec 2.9): Subscribe, Sign up or Contact Us. */
export function CtaBanner() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // Prerendered: the button does nothing until React has taken over the page.
  const hydrated = useHydrated();

  return (
    <section aria-labelledby="cta-heading" className="bg-background px-4 py-14 sm:px-6">
      <div className="relative mx-auto grid w-full max-w-6xl gap-8 overflow-hidden rounded-3xl bg-navy-900 px-6 py-10 text-white sm:px-12 sm:py-14 lg:grid-cols-[1.4fr_1fr] lg:items-center">
        <svg
          aria-hidden="true"
          viewBox="0 0 200 200"
          className="pointer-events-none absolute -top-16 -right-16 size-64 text-white/5"
        >
          <circle cx="100" cy="100" r="100" fill="currentColor" />
        </svg>
        <div className="relative grid gap-3">
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Your mail, your parcels, one calm inbox.
          </h2>
          <p className="max-w-xl text-base leading-7 text-navy-200">
            Get a Los Angeles street address today and start saving 70% or more on postage. Questions first? Our team
            answers every message within one business day.
          </p>
        </div>
        <div className="relative grid gap-3 sm:flex sm:flex-wrap lg:justify-end">
          <Button asChild variant="orange" size="lg">
            <Link to="/register">Sign up</Link>
          </Button>
          <Button
            size="lg"
            className="bg-white text-navy-950 hover:bg-navy-200"
            onPointerEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            onClick={() => {
              setMounted(true);
              setOpen(true);
            }}
            disabled={!hydrated}
            data-testid="cta-subscribe"
          >
            <Mail aria-hidden="true" />
            Subscribe
          </Button>
          <Button asChild size="lg" variant="ghost" className="text-white ring-1 ring-white/40 hover:bg-white/10">
            <Link to="/contact">Contact Us</Link>
          </Button>
        </div>
      </div>
      {mounted ? (
        <Suspense fallback={null}>
          <SubscribeDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}
