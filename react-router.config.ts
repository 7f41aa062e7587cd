import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
    // React Router 8's other changes stay off until we move to 8: middleware would replace the load
    // context object every loader reads, and the other two change the URLs and requests of data
    // loads. Named here so development does not warn about them at every start.
    v8_middleware: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
