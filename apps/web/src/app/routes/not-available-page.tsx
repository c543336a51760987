import { NotAvailablePanel } from '../../components/ui/not-available-panel';
import { PageWithHeader } from '../../components/ui/page-header';
import { Text } from '../../components/ui/text';
import { useCurrentRouteDef } from '../route-handle';

/**
 * Stand-in for a screen whose feature comes in later work: its title, inside its real layout and guard,
 * and a plain "not available yet" panel — never invented data.
 */
export function NotAvailablePage() {
  const route = useCurrentRouteDef();
  const title = route?.title ?? 'Not available';

  if (route?.layout === 'shell') {
    return (
      <PageWithHeader title={title}>
        <NotAvailablePanel feature={title} />
      </PageWithHeader>
    );
  }
  if (route?.layout === 'public') {
    return (
      <section className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-16 sm:px-6 lg:py-24">
        <Text variant="h1" data-testid="page-title">
          {title}
        </Text>
        <NotAvailablePanel feature={title} />
      </section>
    );
  }
  return (
    <div className="grid gap-6">
      <Text variant="h3" as="h1" data-testid="page-title">
        {title}
      </Text>
      <NotAvailablePanel feature={title} className="py-10" />
    </div>
  );
}
