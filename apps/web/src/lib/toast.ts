import { toast } from 'react-hot-toast';
import { TOAST_DURATION } from '@postwise/shared/constants';

/** Spec 8: the message of an Error, or the value itself as text when it is not one. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error === undefined || error === null) return 'Something went wrong';
  try {
    return typeof error === 'object' ? JSON.stringify(error) : String(error);
  } catch {
    return String(error);
  }
}

/** Shows an error as a toast (spec 8). Returns the toast id. */
export function showError(error: unknown): string {
  return toast.error(errorText(error));
}

export function showSuccess(message: string): string {
  return toast.success(message);
}

/** Plan and card toasts: 2 s, bottom-right (spec 9). */
export function showPlanOrCardToast(message: string, type: 'success' | 'error' = 'success'): string {
  return toast[type](message, { duration: TOAST_DURATION.planAndCard, position: 'bottom-right' });
}
