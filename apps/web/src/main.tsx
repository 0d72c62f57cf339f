import './shared/zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptTokenFromUrl } from './shared/session';
import { initI18n } from './shared/i18n';
import { runBrowserCheck } from './shared/browserCheck';
import { App, createQueryClient } from './app/App';
import './shared/ui/light.css';

// A token handed over in the address (?token=) is stored, then removed from the address.
adoptTokenFromUrl();
initI18n();
runBrowserCheck();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
