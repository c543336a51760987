import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../../lib/utils';

/** A full-width band of a public page with the site's content width and generous spacing. */
export function Section({
  className,
  innerClassName,
  children,
  ...props
}: ComponentProps<'section'> & { innerClassName?: string }) {
  return (
    <section className={cn('py-14 sm:py-20', className)} {...props}>
      <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6', innerClassName)}>{children}</div>
    </section>
  );
}

/** Eyebrow, heading and an optional lead paragraph, centred or left-aligned. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  align = 'center',
  as: Heading = 'h2',
  className,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  id?: string;
  align?: 'center' | 'left';
  as?: 'h1' | 'h2';
  className?: string;
}) {
  return (
    <div className={cn('grid gap-3', align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-3xl', className)}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-orange uppercase">{eyebrow}</p> : null}
      <Heading
        id={id}
        className={cn(
          'font-bold tracking-tight text-navy-950',
          Heading === 'h1' ? 'text-3xl sm:text-4xl lg:text-5xl' : 'text-2xl sm:text-3xl',
        )}
      >
        {title}
      </Heading>
      {lead ? <p className="text-base leading-7 text-muted-foreground sm:text-lg">{lead}</p> : null}
    </div>
  );
}

/** The top band of an inner page: a soft navy wash behind the page's h1. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  aside,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="border-b bg-gradient-to-b from-primary-soft to-background">
      <div
        className={cn(
          'mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16',
          aside ? 'lg:grid-cols-[1.2fr_1fr]' : '',
        )}
      >
        <div className="grid gap-6">
          <SectionHeading as="h1" align="left" eyebrow={eyebrow} title={title} lead={lead} />
          {children}
        </div>
        {aside ? <div className="hidden justify-center lg:flex">{aside}</div> : null}
      </div>
    </section>
  );
}
