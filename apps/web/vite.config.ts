import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
      treeshake: {
        // The contract builds its zod schemas at module load and zod schema construction is
        // pure, so a page that only needs `limits` or `apiRoutes` does not pull zod into its
        // chunk (keeps /login within the budget, DESIGN §8). The contract declares
        // `sideEffects: false`; schemas there are built by calls that start at `z`.
        manualPureFunctions: ['z'],
      },
    },
  },
});
