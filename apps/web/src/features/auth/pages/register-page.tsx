import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { INVITE_QUERY, INVITE_ROLES, type InviteRole } from '@postwise/shared/invite';
import type { RegisterFormInput } from '@postwise/shared/schemas/auth';
import { lazySchema, useLightForm } from '../../../lib/light-form';
import { Button } from '../../../components/ui/button';
import { NativeCheckbox } from '../../../components/ui/native-checkbox';
import { useLightMutation } from '../../../lib/light-mutation';
import { showError } from '../../../lib/toast';
import { usePolicyAndTermsStore } from '../../../stores/policy-and-terms-store';
import { useRegisterStore } from '../../../stores/register-store';
import { registerRequest } from '../api/accounts';
import { usePolicyAndTerms } from '../api/policy-and-terms';
import { AuthHeading } from '../components/auth-heading';
import { PasswordField } from '../components/password-field';
import { PolicyLink } from '../components/policy-links';
import { EmailAddressField, PublicForm } from '../components/public-form';
import { FieldError } from '../../../components/ui/field-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TOKEN = /^[\w-]{20,200}$/;

/**
 * Invitation link values (/register?parentUser=<id>&role=<USER|SUB_ADMIN>, plus `invitation=<token>` in the
 * e-mail of Add Customer / Add Sub Admin); anything else is ignored.
 */
function useInvite() {
  const [params] = useSearchParams();
  const parentUser = params.get(INVITE_QUERY.parentUser);
  const role = params.get(INVITE_QUERY.role);
  const invitation = params.get(INVITE_QUERY.invitation);
  return {
    parentUser: parentUser && UUID.test(parentUser) ? parentUser : null,
    role: (INVITE_ROLES as readonly string[]).includes(role ?? '') ? (role as InviteRole) : null,
    invitationToken: invitation && TOKEN.test(invitation) ? invitation : null,
  };
}

/** The shared schema, loaded when the form is first touched (keeps zod out of the page's first load). */
const registerSchema = lazySchema<RegisterFormInput>(() =>
  import('@postwise/shared/schemas/auth').then((m) => m.registerFormSchema),
);

/** Register of spec 2.6: e-mail, password, confirmation, terms; the code screen follows. */
export function RegisterPage() {
  const navigate = useNavigate();
  const invite = useInvite();
  const policy = usePolicyAndTerms(invite.parentUser);
  const setPolicyAndTerms = usePolicyAndTermsStore((s) => s.setPolicyAndTerms);
  const resetPolicyAndTerms = usePolicyAndTermsStore((s) => s.reset);

  useEffect(() => {
    if (policy.data) setPolicyAndTerms(policy.data);
    else if (policy.isError) resetPolicyAndTerms();
  }, [policy.data, policy.isError, setPolicyAndTerms, resetPolicyAndTerms]);

  // react-hook-form's onSubmit mode with reValidateMode onChange, without its 12 KB (lib/light-form.ts); the
  // fields start empty and the terms box unticked.
  const { register, handleSubmit, errors } = useLightForm(registerSchema);

  const signUp = useLightMutation((values: RegisterFormInput) =>
    registerRequest({
      email: values.email,
      password: values.password,
      authMethod: 'email',
      ...(invite.parentUser ? { parentUser: invite.parentUser } : {}),
      ...(invite.role ? { role: invite.role } : {}),
      ...(invite.invitationToken ? { invitationToken: invite.invitationToken } : {}),
    }),
  );

  const submit = async (values: RegisterFormInput) => {
    try {
      const { user, authTokenId } = await signUp.mutateAsync(values);
      const store = useRegisterStore.getState();
      store.reset();
      store.setPending({ user, email: user.email, authTokenId, type: 'register' });
      navigate('/verify', { state: { email: user.email, authTokenId, type: 'register' } });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="grid gap-7">
      <AuthHeading label="Sign Up" title="Create your account">
        One account for your private mailbox and discounted shipping.
      </AuthHeading>
      <PublicForm label="Sign up" schema={registerSchema} onSubmit={handleSubmit(submit)}>
        <EmailAddressField id="register-email" testId="register-email" error={errors.email} field={register('email')} />
        <PasswordField
          id="register-password"
          label="Password"
          placeholder="Enter password"
          error={errors.password}
          field={register('password')}
        />
        <PasswordField
          id="register-confirm"
          label="Confirm Password"
          placeholder="Confirm password"
          error={errors.confirmPassword}
          field={register('confirmPassword')}
        />
        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <NativeCheckbox
              id="register-terms"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'register-terms-error' : undefined}
              data-testid="register-terms"
              className="mt-0.5"
              {...register('terms')}
            />
            <label htmlFor="register-terms" className="text-sm leading-6 text-foreground">
              I agree to the <PolicyLink which="privacy">Privacy Policy</PolicyLink> and the{' '}
              <PolicyLink which="terms">Terms and Conditions</PolicyLink>
            </label>
          </div>
          <FieldError id="register-terms-error">{errors.terms}</FieldError>
        </div>
        <Button type="submit" size="lg" loading={signUp.isPending} className="w-full" data-testid="register-submit">
          Sign Up
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-primary hover:underline">
            Sign in
          </Link>
        </p>
      </PublicForm>
    </div>
  );
}
