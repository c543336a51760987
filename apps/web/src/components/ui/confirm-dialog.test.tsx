import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      open
      onCancel={onCancel}
      onConfirm={onConfirm}
      title="Delete this address?"
      description="Home, Seattle. Shipments already made keep their copy."
      {...props}
    />,
  );
  return { onCancel, onConfirm };
}

describe('ConfirmDialog', () => {
  it('names the thing and what follows, as an accessible dialog', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    expect(dialog.textContent).toContain('Home, Seattle. Shipments already made keep their copy.');
  });

  it('runs the destructive step only from its red button', () => {
    const { onCancel, onConfirm } = renderDialog({ confirmLabel: 'Delete rule' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete rule' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('closes without it from Cancel (or its own label) and from Escape', () => {
    const { onCancel, onConfirm } = renderDialog({ cancelLabel: 'Keep plan' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep plan' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows the step running on its button while pending', () => {
    renderDialog({ pending: true });
    const button = screen.getByRole('button', { name: /Delete/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('is not in the page while closed', () => {
    renderDialog({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
