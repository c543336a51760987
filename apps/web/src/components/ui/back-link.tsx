import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Button } from './button';

/** "Back to …" above a detail or form page: one look on every screen, an arrow and the list it returns to. */
export function BackLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className={cn('w-fit justify-self-start px-2', className)}>
      <Link to={to}>
        <ArrowLeft aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
