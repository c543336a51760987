import { useId, useState } from 'react';
import { ChevronDown, CircleHelp } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { useLightInfiniteQuery } from '../../../lib/light-query';
import { publicFaqsQueryOptions } from '../api/faqs';

const PAGE_SIZE = 6;

/** The home page FAQ accordion (spec 2.9), filled from GET faqs page by page. */
export function FaqAccordion() {
  const query = useLightInfiniteQuery(publicFaqsQueryOptions(PAGE_SIZE));
  const [openId, setOpenId] = useState<string | null>(null);

  if (query.isPending) {
    return (
      <SkeletonList count={4} className="grid gap-3" itemClassName="h-16 rounded-card" label="Loading questions" />
    );
  }

  if (query.isError) {
    return <QueryErrorState query={query} icon={CircleHelp} title="We could not load the questions" />;
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
      {/* The WAI-ARIA disclosure pattern (one answer open at a time, the open one closes on a second click): a button
          with aria-expanded per question. Radix Accordion did the same for about 5 KB of JavaScript on the home page. */}
      <div className="grid gap-3" data-testid="faq-accordion">
        {faqs.map((faq) => (
          <FaqItem
            key={faq.id}
            question={faq.question}
            answer={faq.answer}
            open={openId === faq.id}
            onToggle={() => setOpenId((current) => (current === faq.id ? null : faq.id))}
          />
        ))}
      </div>
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

function FaqItem({
  question,
  answer,
  open,
  onToggle,
}: {
  question: string;
  answer: string;
  open: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  const state = open ? 'open' : 'closed';
  return (
    <div data-state={state} className="rounded-card border bg-background shadow-xs data-[state=open]:border-primary/30">
      <h3>
        <button
          type="button"
          id={`${id}-trigger`}
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          data-state={state}
          onClick={onToggle}
          className="group flex w-full items-center justify-between gap-4 rounded-card px-5 py-4 text-left text-base font-semibold text-navy-950 hover:text-primary"
        >
          {question}
          <ChevronDown
            aria-hidden="true"
            className="size-5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
          />
        </button>
      </h3>
      <div
        id={`${id}-answer`}
        role="region"
        aria-labelledby={`${id}-trigger`}
        hidden={!open}
        className="px-5 pb-5 text-base leading-7 text-muted-foreground"
      >
        {answer}
      </div>
    </div>
  );
}
