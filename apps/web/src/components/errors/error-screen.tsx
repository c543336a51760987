import type { ReactNode } from 'react';
import { type LucideIcon, TriangleAlert } from 'lucide-react';

/** The large red round badge with an icon that heads an error or a blocking notice. */
export function DangerBadge({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive">
      <Icon aria-hidden="true" className="size-7" />
    </span>
  );
}

/** A whole-page error (spec 2.2): the warning badge and the title centred on the page, then what to say and do. */
export function ErrorScreen({
  title,
  width,
  children,
}: {
  title: string;
  width: 'max-w-md' | 'max-w-lg';
  children: ReactNode;
}) {
  return (
    <main role="alert" className="flex min-h-dvh items-center justify-center bg-surface p-6">
      <div className={`grid ${width} justify-items-center gap-4 text-center`}>
        <DangerBadge icon={TriangleAlert} />
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}
