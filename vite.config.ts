import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/vite-plugins/precompress-assets.ts";

// the folders whose modules only declare (components, schemas, constants, functions)
const DECLARATIONS_ONLY =
  /[\\/]app[\\/]((routes[\\/][\w-]+[\\/](public[\\/])?)?components|platform|organisations|site|booking|bookings|money|delivery|sales|staff|back-office)[\\/]/;

export default defineConfig({
  // React Router 8 reads the server entry from the ssr environment: ours wraps the app in Express.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          // Components and the features' browser modules only declare components, schemas and constants: with no
          // side effects, an import that a route uses only for the server render (the server half of hydrateOnView)
          // leaves the client build, and a name taken from a feature's index.ts brings only its own module.
          treeshake: { moduleSideEffects: (id) => !DECLARATIONS_ONLY.test(id) },
          output: {
            // Every page loads all of React, React DOM and React Router: one chunk rather than the five that
            // the automatic split cut them into by which routes import what (2-3 KB less gzipped, fewer requests).
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
                {
                  name: "shell",
                  test: /[\\/]app[\\/](components[\\/](layout[\\/](error-page|nav-links)|nonce-provider|toast|icons[\\/]icon|public[\\/](use-public-layout|page-sections|site-image))|utils[\\/]cn)/,
                },
                // also the forms hydrated on view (hydrateOnView): a part bundled into the route chunk that imports
                // it for the server render would load with the page
                {
                  name: "forms",
                  test: /[\\/]app[\\/](components[\\/](public[\\/](use-public-form|public-look|form-controls|contact-form)|ui[\\/]field)|routes[\\/]site[\\/]public[\\/]components[\\/]interest-form)/,
                },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native and WASM packages stay outside the server bundle, and piscina, which starts its threads from its
    // own files.
    external: [
      "@electric-sql/pglite",
      "sharp",
      "@node-rs/argon2",
      "pg",
      "@react-pdf/renderer",
      "pino",
      "piscina",
    ],
    // bundled so only the icons in use are loaded: the package as a whole holds about 35 MB once imported
    noExternal: ["lucide-react"],
  },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
});
