import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiTarget = 'http://localhost:8080';
const proxied = { target: apiTarget, changeOrigin: true };

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    proxy: {
      '^/api-': proxied,
      '^/openapi(/|$)': proxied,
      '^/api(/|$)': proxied,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The SPA, plus the two small pages a lab serves on its own origin (no antd, no router).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'lab-terminal': fileURLToPath(new URL('./lab-terminal.html', import.meta.url)),
        'lab-panel': fileURLToPath(new URL('./lab-panel.html', import.meta.url)),
      },
      treeshake: {
        // The contract builds its zod schemas at module load and zod schema construction is
        // pure, so a page that only needs `limits` or a `<feature>.paths.ts` does not pull zod into
        // its chunk (keeps /login within the budget, DESIGN §8). The contract declares
        // `sideEffects: false`; schemas there are built by calls that start at `z`.
        manualPureFunctions: ['z'],
      },
    },
  },
});
