// First: before any imported module builds a zod schema.
import './zodWithoutEval';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { TOAST_DURATION } from './api/client';
import './i18n';
import { SessionProvider } from './session/SessionProvider';
import { theme } from './theme';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <SessionProvider>
          <App />
        </SessionProvider>
      </BrowserRouter>
      {/* The spec's durations: errors 4000 ms, successes 2000 ms. */}
      <Toaster position="top-right" toastOptions={{ success: { duration: TOAST_DURATION.success }, error: { duration: TOAST_DURATION.error } }} />
    </ThemeProvider>
  </StrictMode>,
);
