import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { setSessionLostHandler } from '../lib/api-client';
import { AppProvider } from './provider';
import { createRouter } from './router';

const router = createRouter();

// Spec 8: after a lost session the client has logged out; send the visitor to the login page.
setSessionLostHandler(() => {
  if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});

export function App() {
  return (
    <AppErrorBoundary>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </AppErrorBoundary>
  );
}
