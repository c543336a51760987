import { cn } from '../../../lib/utils';
import { ICON_TONES, type IconItem, type IconTone } from './icon-tones';

/** Cards with an icon beside a title and a line of text (the about page's values, the help page's services). */
export function IconList({
  items,
  tone,
  className,
}: {
  items: readonly IconItem[];
  tone: IconTone;
  className?: string;
}) {
  return (
    <ul className={cn('grid gap-4', className)}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-4 rounded-card border bg-background p-5 shadow-xs">
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl', ICON_TONES[tone])}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="grid gap-1">
            <h3 className="text-base font-semibold text-navy-950">{title}</h3>
            <p className="text-sm leading-6 text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
