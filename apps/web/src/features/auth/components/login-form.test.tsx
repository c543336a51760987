import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LoginForm } from './login-form';

function renderForm() {
  const onSubmit = vi.fn();
  render(
    <MemoryRouter>
      <LoginForm onSubmit={onSubmit} />
    </MemoryRouter>,
  );
  return {
    onSubmit,
    email: screen.getByLabelText('Email Address') as HTMLInputElement,
    password: screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Log in' }),
  };
}

afterEach(cleanup);

describe('LoginForm (spec 2.5, spec 5)', () => {
  it('shows the fields, placeholders and links of spec 2.5', () => {
    const { email, password } = renderForm();
    expect(email.placeholder).toBe('Enter email');
    expect(password.placeholder).toBe('Enter password');
    expect(password.type).toBe('password');
    expect(screen.getByRole('link', { name: 'Forgot Password ?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
    expect(screen.getByText(/Don't have an account\?/)).toBeTruthy();
  });

  it('shows no message before the first submit', () => {
    const { email } = renderForm();
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    expect(screen.queryByText('Email is invalid.')).toBeNull();
  });

  it("says 'Email is required.' and 'Password is required' on an empty submit", async () => {
    const { submit, onSubmit, email } = renderForm();
    fireEvent.click(submit);
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain('email-error');
    expect(document.activeElement).toBe(email);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says 'Email is invalid.' for a malformed address and re-validates on change", async () => {
    const { submit, email, password } = renderForm();
    fireEvent.change(email, { target: { value: 'ada@' } });
    fireEvent.change(password, { target: { value: 'secret' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Email is invalid.')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    await waitFor(() => expect(screen.queryByText('Email is invalid.')).toBeNull());
  });

  it('submits valid values', async () => {
    const { submit, email, password, onSubmit } = renderForm();
    fireEvent.change(email, { target: { value: 'user@example.com' } });
    fireEvent.change(password, { target: { value: 'Demo1234!' } });
    fireEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'user@example.com', password: 'Demo1234!' });
  });

  it('toggles the password between hidden and shown', () => {
    const { password } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('disables the button and shows the loading state while submitting', () => {
    render(
      <MemoryRouter>
        <LoginForm onSubmit={vi.fn()} submitting />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
