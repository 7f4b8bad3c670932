import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': src('./src/client'), '@common': src('./src/common') },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Maps are written for error reporting but not referenced from the scripts, and the server never serves them.
    sourcemap: 'hidden',
    target: 'es2020',
    reportCompressedSize: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': 'http://localhost:8080',
      '/v2': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
    },
  },
});
