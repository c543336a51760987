import { TOAST_DURATION } from '@postwise/shared/constants';
import { requestToaster } from './toaster-demand';

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

type HotToast = typeof import('react-hot-toast').toast;

/**
 * react-hot-toast loads with the first toast, together with the toaster that shows it (app/provider.tsx), so
 * pages that never toast do not download it. Toasts keep the order they were raised in.
 */
let hotToast: Promise<HotToast> | undefined;
function loadToast(): Promise<HotToast> {
  requestToaster();
  hotToast ??= import('react-hot-toast').then((m) => m.toast);
  return hotToast;
}

function withToast(show: (toast: HotToast) => void): void {
  loadToast().then(show, () => {
    hotToast = undefined;
  });
}

/** Loads the toaster ahead of the first toast, e.g. when the visitor starts filling in a form. */
export function preloadToaster(): void {
  loadToast().catch(() => {
    hotToast = undefined;
  });
}

/** Shows an error as a toast (spec 8). */
export function showError(error: unknown): void {
  const message = errorText(error);
  withToast((toast) => toast.error(message));
}

export function showSuccess(message: string): void {
  withToast((toast) => toast.success(message));
}

/** A neutral notice, e.g. a live notification; `id` keeps a repeated event to one toast. */
export function showNotice(message: string, id?: string): void {
  withToast((toast) => toast(message, id ? { id } : undefined));
}

/** Plan and card toasts: 2 s, bottom-right (spec 9). */
export function showPlanOrCardToast(message: string, type: 'success' | 'error' = 'success'): void {
  withToast((toast) => toast[type](message, { duration: TOAST_DURATION.planAndCard, position: 'bottom-right' }));
}
