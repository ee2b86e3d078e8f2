import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const target = process.env.HEARTH_URL ?? 'http://127.0.0.1:8420';

/**
 * The dashboard build: Preact through esbuild's automatic JSX runtime (no plugin needed), into
 * dist/web where the service serves it. `npm run dev` proxies the API and Socket.IO to a running service.
 */
export default defineConfig({
  root: here,
  base: '/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  build: {
    outDir: process.env.HEARTH_WEB_OUT ?? fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  server: {
    proxy: {
      '/api': target,
      '/health': target,
      '/socket.io': { target, ws: true },
    },
  },
});
