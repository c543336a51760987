import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { FaqAdminItem } from '@postwise/shared/admin';
import { faqSchema } from '@postwise/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { showError, showSuccess } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useSaveFaq } from '../api/faqs-admin';

type FaqFormInput = z.input<typeof faqSchema>;
type FaqFormValues = z.output<typeof faqSchema>;

/** Add or edit an FAQ (question, answer, published). */
export function FaqDialog({ faq, onClose }: { faq: FaqAdminItem | null; onClose: () => void }) {
  const save = useSaveFaq(faq?.id ?? null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FaqFormInput, unknown, FaqFormValues>({
    resolver: zodResolver(faqSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { question: faq?.question ?? '', answer: faq?.answer ?? '', isPublished: faq?.isPublished ?? true },
  });
  const submit = (values: FaqFormValues) =>
    save.mutate(values, {
      onSuccess: () => {
        showSuccess(faq ? 'FAQ saved' : 'FAQ added');
        onClose();
      },
      onError: showError,
    });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{faq ? 'Edit FAQ' : 'Add FAQ'}</DialogTitle>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
          <FormField label="Question" error={errors.question?.message}>
            <Input data-testid="faq-question" {...register('question')} />
          </FormField>
          <FormField label="Answer" error={errors.answer?.message}>
            <textarea
              rows={6}
              className={cn(inputClasses, 'h-auto min-h-32')}
              data-testid="faq-answer"
              {...register('answer')}
            />
          </FormField>
          <Controller
            control={control}
            name="isPublished"
            render={({ field }) => (
              <div className="flex items-center gap-3">
                <Checkbox
                  id="faq-published"
                  checked={Boolean(field.value)}
                  onCheckedChange={(v) => field.onChange(v === true)}
                />
                <Label htmlFor="faq-published">Published on the public site</Label>
              </div>
            )}
          />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="faq-submit">
              {faq ? 'Save' : 'Add FAQ'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
