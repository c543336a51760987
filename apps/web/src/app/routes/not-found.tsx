import { useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { HomeLogoLink } from '../../components/brand/home-logo-link';

/** Spec 2.2: 404, 'Oops! Why are you here?', the page was deleted or never existed, and Back. */
export function NotFoundPage() {
  const navigate = useNavigate();
  // Back goes one step back, also to a page loaded before this one (the router's own location key starts over on
  // every full page load, so the tab's history length decides); opened in a fresh tab it goes home instead.
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/', { replace: true }));
  return (
    <main className="flex min-h-dvh flex-col bg-surface">
      <header className="px-6 py-5">
        <HomeLogoLink />
      </header>
      <div className="flex flex-1 items-center justify-center px-6 pb-16">
        <div className="grid max-w-md justify-items-center gap-4 text-center">
          <p className="text-7xl font-extrabold tracking-tight text-primary sm:text-8xl" aria-hidden="true">
            404
          </p>
          <h1 className="text-2xl font-bold sm:text-3xl">
            <span className="sr-only">404. </span>Oops! Why are you here?
          </h1>
          <p className="text-base text-muted-foreground">
            The page you are looking for has been deleted or never existed.
          </p>
          <Button size="lg" onClick={back} className="mt-2">
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        </div>
      </div>
    </main>
  );
}
