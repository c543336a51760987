import { useMemo } from 'react';
import { FormProvider, get, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { hasMailbox } from '@postwise/shared/roles';
import { accountInfoSchema, fullName } from '@postwise/shared/schemas/onboarding';
import { Button } from '../../../components/ui/button';
import { Text } from '../../../components/ui/text';
import { showError } from '../../../lib/toast';
import { useRegisterStore } from '../../../stores/register-store';
import { accountInfoRequest } from '../api/onboarding';
import { AccountInfoField } from '../components/account-info-field';
import { ContactFields } from '../components/contact-fields';
import { FormSection } from '../components/form-section';
import { MailboxTypeRadios } from '../components/mailbox-type-radios';
import { OnboardingHeader } from '../components/onboarding-header';
import { PersonFields } from '../components/person-fields';
import { StepActions } from '../components/step-actions';
import { ToggleField } from '../components/toggle-field';
import {
  type AccountInfoValues,
  EMPTY_BUSINESS,
  EMPTY_PERSON,
  initialValues,
  toPayload,
} from '../lib/account-info-form';
import { FieldError } from '../../../components/ui/field-error';

export const AUTHORIZED_TOOLTIP =
  'This individual is the only individual that can pickup mail without a one time passcode';
export const COURT_TOOLTIP = 'If Yes, you must attach a copy of the court order.';

/**
 * Account Information of spec 2.7: personal details, company details for a business mailbox, an optional
 * authorized individual and the court-protection declaration, with the autofill and clearing rules of
 * spec 4. Back returns to account type; Next goes to shipment verification or the rental contract.
 */
export function AccountInfoPage() {
  const navigate = useNavigate();
  const user = useRegisterStore((s) => s.user);
  const mailbox = hasMailbox(user?.accountType);
  const schema = useMemo(() => accountInfoSchema({ mailbox }), [mailbox]);
  const methods = useForm<AccountInfoValues>({
    resolver: zodResolver(schema) as unknown as Resolver<AccountInfoValues>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: user ? initialValues(user, mailbox) : undefined,
    shouldUnregister: false,
  });
  const { control, setValue, getValues, handleSubmit, formState } = methods;
  const [mailboxType, isAuthorized, isCourtProtected] = useWatch({
    control,
    name: ['mailboxType', 'isAuthorized', 'isCourtProtected'],
  });
  const save = useMutation({ mutationFn: accountInfoRequest });

  if (!user) return null;
  const isBusiness = mailbox && mailboxType === 'business';
  const opts = { shouldValidate: formState.isSubmitted, shouldDirty: true };
  const errorOf = (path: string) => (get(formState.errors, path) as { message?: string } | undefined)?.message;

  // Spec 4: the mailbox names follow the full names (and the company name) as they are typed.
  const fillPersonalMailbox = () => {
    if (mailbox) setValue('personal.mailboxName', fullName(getValues('personal')), opts);
  };
  const fillAuthorizedMailbox = () => {
    const person = getValues('authorizedIndividual');
    if (person) setValue('authorizedIndividual.mailboxName', fullName(person), opts);
  };
  const fillBusinessMailbox = () => setValue('business.mailboxName', getValues('business.name') ?? '', opts);

  const chooseMailboxType = (next: 'personal' | 'business') => {
    setValue('mailboxType', next, opts);
    // Turning business off clears the company data (spec 4).
    setValue('business', next === 'business' ? { ...EMPTY_BUSINESS } : undefined, opts);
  };
  const toggleAuthorized = (on: boolean) => {
    setValue('isAuthorized', on, opts);
    setValue('authorizedIndividual', on ? { ...EMPTY_PERSON } : undefined, opts);
  };
  const copyPersonalAddress = () => {
    const p = getValues('personal');
    for (const key of ['address1', 'address2', 'country', 'state', 'city', 'zip', 'phone'] as const) {
      setValue(`business.${key}`, p[key] ?? '', opts);
    }
  };

  const submit = async (values: AccountInfoValues) => {
    try {
      const updated = await save.mutateAsync(toPayload(values, mailbox));
      useRegisterStore.getState().setPending({ user: updated });
      navigate(
        updated.additionalInfo.currentStep === 'shipment-verification'
          ? '/register/shipment-verification'
          : '/register/mailbox-rental-contract',
      );
    } catch (error) {
      showError(error);
    }
  };

  const topError = errorOf('business') ?? errorOf('authorizedIndividual');

  return (
    <div className="grid gap-8">
      <OnboardingHeader
        title="New Account Information"
        subtitle="Please add your account details"
        step="account-info"
        mailbox={mailbox}
      />
      <FormProvider {...methods}>
        <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-6" aria-label="New account information">
          {mailbox ? <MailboxTypeRadios value={mailboxType} onChange={chooseMailboxType} /> : null}

          <FormSection title="Personal Details" testId="personal-section">
            <PersonFields
              prefix="personal"
              idPrefix="personal"
              withMailboxName={mailbox}
              onNameChange={fillPersonalMailbox}
            />
          </FormSection>

          {isBusiness ? (
            <FormSection title="Company Details" testId="business-section">
              <p className="text-sm text-muted-foreground">
                Same address and phone as above? Click{' '}
                <Button variant="link" onClick={copyPersonalAddress} data-testid="copy-personal-address">
                  here
                </Button>{' '}
                to copy them.
              </p>
              <div className="grid gap-4 sm:grid-cols-6">
                <AccountInfoField
                  id="business-name"
                  name="business.name"
                  label="Company Name"
                  className="sm:col-span-6"
                  autoComplete="organization"
                  placeholder="Enter company name"
                  onChange={fillBusinessMailbox}
                />
                <AccountInfoField
                  id="business-type"
                  name="business.type"
                  label="Type of Business"
                  className="sm:col-span-3"
                  placeholder="e.g. LLC, Corporation"
                />
                <AccountInfoField
                  id="business-registration"
                  name="business.registrationPlace"
                  label="Place of Registration"
                  className="sm:col-span-3"
                  placeholder="e.g. California"
                />
                <ContactFields
                  prefix="business"
                  idPrefix="business"
                  autofill={false}
                  address2Placeholder="Suite, floor"
                />
                <AccountInfoField
                  id="business-mailbox-name"
                  name="business.mailboxName"
                  label="Business Mailbox Name"
                  description="Filled in from the company name; you can change it."
                  className="sm:col-span-6"
                  placeholder="Name on the mailbox"
                />
              </div>
            </FormSection>
          ) : null}

          {mailbox ? (
            <section className="grid gap-3 border-t pt-6">
              <ToggleField
                label="Add Authorized Individual??"
                tooltip={AUTHORIZED_TOOLTIP}
                checked={!!isAuthorized}
                onCheckedChange={toggleAuthorized}
                data-testid="toggle-authorized"
              />
              {isAuthorized ? (
                <div className="grid gap-4 rounded-card border p-4 sm:p-5" data-testid="authorized-section">
                  <Text variant="h5" as="h2">
                    Authorized Individual
                  </Text>
                  <PersonFields
                    prefix="authorizedIndividual"
                    idPrefix="authorized"
                    withMailboxName
                    onNameChange={fillAuthorizedMailbox}
                  />
                </div>
              ) : null}
              <ToggleField
                label="Is applicant a court-ordered protected individual?"
                tooltip={COURT_TOOLTIP}
                checked={!!isCourtProtected}
                onCheckedChange={(on) => setValue('isCourtProtected', on, opts)}
                data-testid="toggle-court"
              />
            </section>
          ) : null}

          <FieldError>{topError}</FieldError>

          <StepActions
            backLabel="Back"
            onBack={() => navigate('/register/account-type')}
            backTestId="account-info-back"
            nextTestId="account-info-next"
            pending={save.isPending}
          />
        </form>
      </FormProvider>
    </div>
  );
}
