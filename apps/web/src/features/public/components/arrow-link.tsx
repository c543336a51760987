import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A text link to another page with a trailing arrow ("Track a shipment →"). */
export function ArrowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild variant="link">
      <Link to={to}>
        {children}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
