import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

/** A card opened by a heading with a coloured icon (contact details, shipment progress). */
export function IconHeadingCard({
  icon: Icon,
  iconClassName,
  title,
  className,
  children,
}: {
  icon: LucideIcon;
  /** The icon's colour, e.g. text-orange. */
  iconClassName: string;
  title: string;
  /** Of the card's content, e.g. a wider gap. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent className={cn('grid gap-3', className)}>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
          <Icon aria-hidden="true" className={cn('size-5', iconClassName)} />
          {title}
        </h2>
        {children}
      </CardContent>
    </Card>
  );
}
