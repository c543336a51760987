import { useEffect } from 'react';
import { Toaster as HotToaster, toast, useToasterStore } from 'react-hot-toast';
import { TOAST_DURATION, TOAST_LIMIT } from '@postwise/shared/constants';

/** Toasts of spec 9: success 2 s, error 4 s, others 4 s, loading until dismissed; at most 20 kept. */
export function Toaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .filter((_, i) => i >= TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <HotToaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATION.blank,
        success: { duration: TOAST_DURATION.success },
        error: { duration: TOAST_DURATION.error },
        loading: { duration: Infinity },
        className: 'text-sm font-medium',
        style: { borderRadius: '0.75rem', color: '#0f172a', maxWidth: '28rem' },
      }}
    />
  );
}
