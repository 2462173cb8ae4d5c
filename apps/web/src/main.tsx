import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@prospecta/ui';
import { App } from './app/App';
import { loadRuntimeConfig } from './app/config';
import { applyEnvironment } from '@prospecta/ui';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);

loadRuntimeConfig(window.fetch.bind(window))
  .then((config) => {
    applyEnvironment(config.environment);
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(
      <StrictMode>
        <App config={null} startupError={error instanceof Error ? error : new Error(String(error))} />
      </StrictMode>,
    );
  });
