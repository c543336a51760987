import { Accordion } from 'radix-ui';
import { ChevronDown, CircleHelp } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLightInfiniteQuery } from '../../../lib/light-query';
import { errorText } from '../../../lib/toast';
import { publicFaqsQueryOptions } from '../api/faqs';

const PAGE_SIZE = 6;

/** The home page FAQ accordion (spec 2.9), filled from GET faqs page by page. */
export function FaqAccordion() {
  const query = useLightInfiniteQuery(publicFaqsQueryOptions(PAGE_SIZE));

  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading questions">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-16 rounded-card" />
        ))}
      </div>
    );
  }

  if (query.isError) {
    return (
      <EmptyState
        icon={CircleHelp}
        title="We could not load the questions"
        description={errorText(query.error)}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  const faqs = query.data.pages.flatMap((p) => p.items);
  if (faqs.length === 0) {
    return (
      <EmptyState
        icon={CircleHelp}
        title="No questions yet"
        description="Ask us anything on the Contact page and we will answer within one business day."
      />
    );
  }

  return (
    <div className="grid gap-6">
      <Accordion.Root type="single" collapsible className="grid gap-3" data-testid="faq-accordion">
        {faqs.map((faq) => (
          <Accordion.Item
            key={faq.id}
            value={faq.id}
            className="rounded-card border bg-background shadow-xs data-[state=open]:border-primary/30"
          >
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-card px-5 py-4 text-left text-base font-semibold text-navy-950 hover:text-primary">
                  {faq.question}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-5 text-base leading-7 text-muted-foreground">
              {faq.answer}
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Show more questions
          </Button>
        </div>
      ) : null}
    </div>
  );
}
