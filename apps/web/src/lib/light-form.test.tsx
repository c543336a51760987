import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { registerFormSchema, type RegisterFormInput } from '@postwise/shared/schemas/auth';
import { lazySchema, useLightForm } from './light-form';

const EMPTY: RegisterFormInput = { email: '', password: '', confirmPassword: '', terms: false };

function Form({ onValid, resetAfter = false }: { onValid: (values: RegisterFormInput) => void; resetAfter?: boolean }) {
  const form = useLightForm(lazySchema(() => Promise.resolve(registerFormSchema)));
  const field = (name: keyof RegisterFormInput, type = 'text') => (
    <>
      <label>
        {name}
        <input type={type} {...form.register(name)} />
      </label>
      {form.errors[name] ? <span role="alert">{form.errors[name]}</span> : null}
    </>
  );
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        onValid(values);
        if (resetAfter) form.reset(EMPTY);
      })}
    >
      {field('email')}
      {field('password')}
      {field('confirmPassword')}
      {field('terms', 'checkbox')}
      <button type="submit">Send</button>
    </form>
  );
}

function setup(resetAfter = false) {
  const onValid = vi.fn();
  render(<Form onValid={onValid} resetAfter={resetAfter} />);
  const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
  return { onValid, input, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Send' })) };
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

afterEach(cleanup);

describe('useLightForm (react-hook-form onSubmit mode, reValidateMode onChange)', () => {
  it('shows nothing before the first submit', async () => {
    const { input } = setup();
    fireEvent.change(input('email'), { target: { value: 'ada@' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(alerts()).toEqual([]);
  });

  it("shows each field's first message on submit and focuses the first rejected field", async () => {
    const { input, submit, onValid } = setup();
    fireEvent.change(input('password'), { target: { value: 'short' } });
    submit();
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Email is required',
        'Password must be at least 8 characters.',
        'Password is required',
        'You must accept the terms and conditions',
      ]),
    );
    expect(document.activeElement).toBe(input('email'));
    expect(onValid).not.toHaveBeenCalled();
  });

  it("re-checks on change after a submit, updating the changed field's message only", async () => {
    const { input, submit } = setup();
    fireEvent.change(input('email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(input('password'), { target: { value: 'longenough1' } });
    fireEvent.change(input('confirmPassword'), { target: { value: 'different1' } });
    fireEvent.click(input('terms'));
    submit();
    await screen.findByText('Passwords do not match');
    expect(document.activeElement).toBe(input('confirmPassword'));
    // A change of the password does not touch the confirmation's message (as with react-hook-form).
    fireEvent.change(input('password'), { target: { value: 'different1' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(alerts()).toEqual(['Passwords do not match']);
    fireEvent.change(input('confirmPassword'), { target: { value: 'different' } });
    fireEvent.change(input('confirmPassword'), { target: { value: 'different1' } });
    await waitFor(() => expect(alerts()).toEqual([]));
    fireEvent.click(input('terms'));
    await screen.findByText('You must accept the terms and conditions');
  });

  it('hands on the parsed values, a checkbox as a boolean, and a reset empties the form', async () => {
    const { input, submit, onValid } = setup(true);
    fireEvent.change(input('email'), { target: { value: '  ada@example.com ' } });
    fireEvent.change(input('password'), { target: { value: 'longenough1' } });
    fireEvent.change(input('confirmPassword'), { target: { value: 'longenough1' } });
    fireEvent.click(input('terms'));
    submit();
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({
        email: 'ada@example.com',
        password: 'longenough1',
        confirmPassword: 'longenough1',
        terms: true,
      }),
    );
    expect(input('email').value).toBe('');
    expect(input('terms').checked).toBe(false);
    // After a reset nothing is checked until the next submit.
    fireEvent.change(input('email'), { target: { value: 'ada@' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(alerts()).toEqual([]);
  });
});
