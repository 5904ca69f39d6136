import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // React Router 8 reads the server entry from the ssr environment: ours wraps the app in Express.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native and WASM packages stay outside the server bundle.
    external: ["@electric-sql/pglite", "sharp", "@node-rs/argon2", "pg", "@react-pdf/renderer", "pino"],
    // bundled so only the icons in use are loaded: the package as a whole holds about 35 MB once imported
    noExternal: ["lucide-react"],
  },
  plugins: [tailwindcss(), reactRouter()],
});
