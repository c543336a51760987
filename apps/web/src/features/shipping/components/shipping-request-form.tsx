import { useState } from 'react';
import { CheckCircle2, Send } from 'lucide-react';
import { type QuoteRequestInput, shippingRequestSchema } from '@postwise/shared/schemas/shipping';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { inputClasses } from '../../../components/ui/input';
import { showError, showSuccess } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useCreateShippingRequest } from '../api/shipping-requests-api';
import { issuesByField } from './draft-input';
import { LinkButton } from '../../../components/ui/link-button';

/**
 * When no automatic rate fits (freight, pallets, oversize, restricted destinations): send the wizard's sender,
 * receiver and packages as a shipping request, with what is being shipped, for the team to quote.
 */
export function ShippingRequestForm({ input }: { input: QuoteRequestInput }) {
  const create = useCreateShippingRequest();
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);

  const submit = async () => {
    const parsed = shippingRequestSchema.safeParse({
      sender: input.sender,
      receiver: input.receiver,
      packages: input.packages,
      description,
    });
    if (!parsed.success) {
      const issues = issuesByField(parsed.error);
      setError(issues.description ?? Object.values(issues)[0]);
      return;
    }
    setError(undefined);
    try {
      await create.mutateAsync(parsed.data);
      showSuccess('Request sent');
      setSent(true);
    } catch (err) {
      showError(err);
    }
  };

  if (sent) {
    return (
      <div className="grid justify-items-center gap-3 text-center" role="status" data-testid="shipping-request-sent">
        <CheckCircle2 aria-hidden="true" className="size-10 text-green-hover" />
        <p className="font-semibold">Your request is on its way</p>
        <p className="max-w-md text-sm text-muted-foreground">
          We will quote it soon. You will find the quote under Shipments, where you can accept and pay.
        </p>
        <LinkButton to="/shipments" variant="outline">
          Go to Shipments
        </LinkButton>
      </div>
    );
  }

  return (
    // Not a <form>: the wizard step around it already is one, and forms cannot nest.
    <div className="grid gap-4 text-left">
      <FormField
        label="What are you shipping?"
        error={error}
        description="Contents, pallets or crates, special handling, the date it must arrive. Your addresses and packages are sent with it."
      >
        <textarea
          rows={4}
          value={description}
          onChange={(e) => {
            setDescription(e.target.value);
            setError(undefined);
          }}
          className={cn(inputClasses, 'h-auto min-h-24 py-2')}
          data-testid="shipping-request-description"
        />
      </FormField>
      <Button
        type="button"
        className="justify-self-start"
        loading={create.isPending}
        onClick={() => void submit()}
        data-testid="send-shipping-request"
      >
        <Send aria-hidden="true" />
        Ask for a custom quote
      </Button>
    </div>
  );
}
