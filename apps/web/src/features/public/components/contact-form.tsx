import type { ContactInput } from '@postwise/shared/schemas/public';
import { lazySchema, useLightForm } from '../../../lib/light-form';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses } from '../../../components/ui/input';
import { showError } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useSendContactMessage } from '../api/contact';

const EMPTY: ContactInput = { name: '', email: '', message: '' };

/** The shared schema, loaded when the form is first touched (keeps zod out of the page's first load). */
const contactSchema = lazySchema<ContactInput>(() =>
  import('@postwise/shared/schemas/public').then((m) => m.contactSchema),
);

/** Contact form (spec 2.9, 3, 5). On success it resets with no message (spec 8); failures show as a toast. */
export function ContactForm() {
  const send = useSendContactMessage();
  // react-hook-form's onSubmit mode with reValidateMode onChange, without its 12 KB (lib/light-form.ts).
  const form = useLightForm(contactSchema);
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      form.reset(EMPTY);
    } catch (error) {
      showError(error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-5"
      aria-label="Contact us"
      data-testid="contact-form"
      onFocus={contactSchema.preload}
      onPointerDown={contactSchema.preload}
    >
      <ReadyFieldset>
        <FormField label="Name" error={errors.name}>
          <Input autoComplete="name" placeholder="Enter your name" {...form.register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email}>
          <Input type="email" autoComplete="email" placeholder="Enter your email" {...form.register('email')} />
        </FormField>
        <FormField label="Message" error={errors.message}>
          <textarea
            rows={6}
            placeholder="How can we help?"
            className={cn(inputClasses, 'h-auto min-h-36 resize-y')}
            {...form.register('message')}
          />
        </FormField>
        <Button type="submit" variant="orange" size="lg" loading={send.isPending} className="w-full sm:w-fit">
          Send message
        </Button>
      </ReadyFieldset>
    </form>
  );
}
