import { Link } from 'react-router';
import type { LoginInput } from '@postwise/shared/schemas/auth';
import { lazySchema, useLightForm } from '../../../lib/light-form';
import { Button } from '../../../components/ui/button';
import { PasswordField } from './password-field';
import { EmailAddressField, PublicForm } from './public-form';

export interface LoginFormProps {
  onSubmit: (values: LoginInput) => void | Promise<void>;
  submitting?: boolean;
}

/** The shared schema, loaded when the form is first touched (keeps zod out of the page's first load). */
const loginSchema = lazySchema<LoginInput>(() => import('@postwise/shared/schemas/auth').then((m) => m.loginSchema));

/** Login form of spec 2.5 with the spec 5 messages; validates on submit, then again on every change. */
export function LoginForm({ onSubmit, submitting = false }: LoginFormProps) {
  // react-hook-form's onSubmit mode with reValidateMode onChange, without its 12 KB (lib/light-form.ts); the
  // fields start empty.
  const { register, handleSubmit, errors } = useLightForm(loginSchema);

  return (
    <PublicForm label="Login" schema={loginSchema} onSubmit={handleSubmit(onSubmit)}>
      <EmailAddressField id="email" testId="login-email" error={errors.email} field={register('email')} />
      <PasswordField
        id="password"
        label="Password"
        placeholder="Enter password"
        autoComplete="current-password"
        testId="login-password"
        error={errors.password}
        field={register('password')}
        labelAside={
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            Forgot Password ?
          </Link>
        }
      />
      <Button type="submit" size="lg" loading={submitting} className="w-full" data-testid="login-submit">
        Log in
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link to="/register" className="font-semibold text-primary hover:underline">
          Sign up
        </Link>
      </p>
    </PublicForm>
  );
}
