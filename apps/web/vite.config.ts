import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build above 1 KB,
 * at the highest levels, once: the server sends them as they are (`preCompressed`).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    async closeBundle() {
      const files = await fs.readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((f) => /\.(js|mjs|css|html|svg|json|txt|map)$/.test(f))
          .map(async (f) => {
            const file = path.join(outDir, f);
            const bytes = await fs.readFile(file);
            if (bytes.length < 1024) return;
            await Promise.all([
              brotli(bytes, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }).then((b) => fs.writeFile(`${file}.br`, b)),
              gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }).then((g) =>
                fs.writeFile(`${file}.gz`, g),
              ),
            ]);
          }),
      );
    },
  };
}

const apiTarget = 'http://localhost:8080';
const proxied = { target: apiTarget, changeOrigin: true };

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
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
