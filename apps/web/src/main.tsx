import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyEnvironment } from '@prospecta/ui';
import { loadRuntimeConfig } from '@prospecta/api-client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);

// Runtime configuration (GET /config.json), not baked into the build: one build serves every environment.
loadRuntimeConfig()
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
