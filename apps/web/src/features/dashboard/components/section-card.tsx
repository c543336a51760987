import { ArrowRight } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { navIcon } from '../../../components/nav-icon';
import { CardLink } from './card-link';

export interface SectionCardProps {
  label: string;
  path: string;
  icon: string;
  description: string;
}

/** A dashboard shortcut to a sidebar section: what it holds and a link, no figures. */
export function SectionCard({ label, path, icon, description }: SectionCardProps) {
  const Icon = navIcon(icon);
  return (
    <Card className="group relative flex flex-col gap-4 p-5 transition-shadow focus-within:shadow-md hover:shadow-md">
      <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid gap-1">
        <h3 className="text-base font-semibold">
          <CardLink to={path}>{label}</CardLink>
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <span className="mt-auto inline-flex items-center gap-1 text-sm font-semibold text-primary" aria-hidden="true">
        Open
        <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
    </Card>
  );
}
