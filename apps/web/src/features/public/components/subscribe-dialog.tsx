import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCEPTED_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  subscribeSchema,
  type SubscribeInput,
} from '@postwise/shared/schemas/public';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FilePicker } from '../../../components/ui/file-picker';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showError, showSuccess } from '../../../lib/toast';
import { useSubscribe } from '../api/contact';

const MAX_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));

/** The same rule the server applies by content; here by the browser's type so the visitor hears it at once. */
export function fileProblem(file: File): string | null {
  if (!(ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'File must be an image or a PDF';
  if (file.size > MAX_UPLOAD_BYTES) return `File must be ${MAX_MB} MB or smaller`;
  return null;
}

const EMPTY: SubscribeInput = { name: '', email: '', phone: '' };

/** Newsletter subscribe dialog (spec 2.8, 3, 5): opens from the banner and closes on success. */
export function SubscribeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const subscribe = useSubscribe();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useForm<SubscribeInput>({
    resolver: zodResolver(subscribeSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  function clearFile() {
    setFile(null);
    setFileError(undefined);
  }

  function close(next: boolean) {
    if (!next) {
      form.reset(EMPTY);
      clearFile();
    }
    onOpenChange(next);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    if (file && fileProblem(file)) return;
    try {
      await subscribe.mutateAsync({ ...values, file });
      showSuccess('Subscribed successfully');
      close(false);
    } catch (error) {
      showError(error);
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="subscribe-dialog">
        <DialogHeader>
          <DialogTitle>Subscribe to our newsletter</DialogTitle>
          <DialogDescription>
            Shipping deals, new mailbox services and store news, about once a month. Unsubscribe any time.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Subscribe">
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="name" placeholder="Enter your name" {...form.register('name')} />
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" placeholder="Enter your email" {...form.register('email')} />
          </FormField>
          <FormField label="Phone" error={errors.phone?.message} description="10 digits, e.g. 2135550126">
            <Input type="tel" inputMode="numeric" autoComplete="tel-national" {...form.register('phone')} />
          </FormField>
          <FilePicker
            label="Attachment (optional)"
            file={file}
            accept={ACCEPTED_UPLOAD_TYPES.join(',')}
            description={`An image or a PDF up to ${MAX_MB} MB, for example your business card.`}
            error={fileError}
            testId="subscribe-file"
            onChange={(chosen) => {
              setFile(chosen);
              setFileError(chosen ? (fileProblem(chosen) ?? undefined) : undefined);
            }}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="orange" loading={subscribe.isPending} data-testid="subscribe-submit">
              Subscribe
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
