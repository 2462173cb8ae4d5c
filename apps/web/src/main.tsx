import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyEnvironment } from '@prospecta/ui';
import { loadRuntimeConfig } from '@prospecta/api-client';
import { App, createAppRuntime, StartupFailure } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);

// Runtime configuration (GET /config.json), not baked into the build: one build serves every environment.
loadRuntimeConfig()
  .then((config) => {
    applyEnvironment(config.environment);
    const runtime = createAppRuntime(config);
    root.render(
      <StrictMode>
        <App runtime={runtime} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(
      <StrictMode>
        <StartupFailure error={error instanceof Error ? error : new Error(String(error))} />
      </StrictMode>,
    );
  });
