#!/usr/bin/env node
// `pnpm dev`: the API with reload (tsx watch) on API_PORT (default 3001) and the web app through
// Vite's dev server with hot reload on PORT (default 3000), proxying /api and /config.json to the API.
// One origin for the browser, as in production. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('pnpm', ['--filter', '@prospecta/api', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('pnpm', ['--filter', '@prospecta/web', 'dev', '--port', port, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

function stop(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
