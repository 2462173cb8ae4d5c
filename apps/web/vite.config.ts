import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

// The web app: built to apps/web/dist and served by apps/api on the same origin.
// `pnpm dev` proxies the API and the runtime configuration to the API dev server.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), vanillaExtractPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      treeshake: {
        // @prospecta/machines is pure (XState definitions, no DOM): the first chunk keeps the session machine
        // and drops the prospect, e-mail account and AI wizard machines its barrel re-exports.
        // Every other module keeps the side-effect information of its package.json.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]machines[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/config.json': { target: apiTarget, changeOrigin: true },
    },
  },
});
