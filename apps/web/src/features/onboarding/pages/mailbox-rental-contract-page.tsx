import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { signFormSchemaFor, type SignFormInput } from '@postwise/shared/schemas/onboarding';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showError } from '../../../lib/toast';
import { useRegisterStore } from '../../../stores/register-store';
import { signFormRequest } from '../api/onboarding';
import { MailboxTypeRadios } from '../components/mailbox-type-radios';
import { OnboardingHeader } from '../components/onboarding-header';
import { StepActions } from '../components/step-actions';
import { CALIFORNIA_ACKNOWLEDGEMENT, CONTRACT_TERMS, formatContractDate } from '../lib/contract';

/**
 * Mailbox Rental Contract of spec 2.7: read-only date (MM-dd-yyyy), the applicant's full name, the mailbox
 * type (disabled radios), the agreement of spec 9, the California acknowledgement and the typed signature.
 */
export function MailboxRentalContractPage() {
  const navigate = useNavigate();
  const user = useRegisterStore((s) => s.user);
  const sign = useMutation({ mutationFn: (v: SignFormInput) => signFormRequest(v.userId, v.signature) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignFormInput>({
    // The typed signature must be the full name shown above (case and spacing aside); the server checks it again.
    resolver: zodResolver(signFormSchemaFor(user?.personal.fullName ?? '')),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { userId: user?.id ?? '', signature: user?.signature ?? '' },
  });
  if (!user) return null;
  const name = user.personal.fullName;
  const today = formatContractDate(new Date());

  const submit = async (values: SignFormInput) => {
    try {
      const updated = await sign.mutateAsync(values);
      useRegisterStore.getState().setPending({ user: updated });
      navigate('/register/upload-documents');
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="grid gap-8">
      <OnboardingHeader
        title="Application For Mailbox Rental"
        subtitle="Read the agreement, then sign it by typing your full name."
        step="contract"
        mailbox
      />
      <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-6" aria-label="Mailbox rental contract">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="contract-date" label="Date">
            <Input readOnly value={today} data-testid="contract-date" className="bg-muted" />
          </FormField>
          <FormField id="contract-name" label="Full Name">
            <Input readOnly value={name} data-testid="contract-name" className="bg-muted" />
          </FormField>
        </div>
        <MailboxTypeRadios value={user.mailboxType} disabled name="contractMailboxType" />

        <section
          aria-labelledby="agreement-title"
          className="grid max-h-96 gap-3 overflow-y-auto rounded-card border bg-surface p-4 text-sm leading-6 sm:p-5"
          tabIndex={0}
          data-testid="contract-text"
        >
          <h2 id="agreement-title" className="text-base font-semibold">
            Mailbox Service Agreement
          </h2>
          <p>
            This agreement is between you, {name || 'the applicant'}, and the mailbox provider, for the rental of a
            private mailbox starting {today}.
          </p>
          <ol className="grid list-decimal gap-2 pl-5">
            {CONTRACT_TERMS.map((term) => (
              <li key={term.title}>
                <span className="font-semibold">{term.title}.</span> {term.text}
              </li>
            ))}
          </ol>
        </section>
        <p
          className="rounded-lg border-l-4 border-orange bg-orange-soft p-4 text-sm leading-6"
          data-testid="california-ack"
        >
          {CALIFORNIA_ACKNOWLEDGEMENT}
        </p>

        <FormField
          id="contract-signature"
          label="Signature"
          description="Type your full name to sign."
          error={errors.signature?.message}
        >
          <Input
            autoComplete="name"
            placeholder={name || 'Your full name'}
            className="font-serif text-lg italic"
            data-testid="contract-signature"
            {...register('signature')}
          />
        </FormField>

        <StepActions
          backLabel="Cancel"
          onBack={() => navigate('/register/account-info')}
          backTestId="contract-cancel"
          nextTestId="contract-next"
          pending={sign.isPending}
        />
      </form>
    </div>
  );
}
