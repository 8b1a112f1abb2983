import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteConfig } from './http/route-conventions.js';

/** The name routes declared by the kernel itself carry as their `plugin`. */
export const KERNEL_OWNER = '@rootline/kernel';

/** One route of the server as it was declared: what the access checks of the tests walk. */
export interface RouteEntry {
  method: string;
  /** The full path with its mount prefix, Fastify style (`/v1/trees/:tree_id/notes/:id`). */
  url: string;
  /** The route's `config` as declared (`humanOnly`, `public`), or `{}` when it declares none. */
  config: RouteConfig;
  /** The route's own path parameters and their schemas (`tree_id` of the pinned mount is not among them). */
  params: Record<string, { pattern?: string; format?: string }>;
  /** The plugin that declared it, or `@rootline/kernel`. */
  plugin: string;
}

/**
 * Every route registered after `install`, both mounts, one entry per method, with the plugin
 * being registered at the time. Nothing reads it on the request path: it is the table
 * `kernel.routes()` answers with, for the tests' access check.
 */
export class RouteTable {
  readonly entries: RouteEntry[] = [];
  /** Set by assembly around each plugin's registration. */
  owner = KERNEL_OWNER;

  install(app: FastifyInstance): this {
    app.addHook('onRoute', (route: RouteOptions) => {
      const params = (route.schema as { params?: { properties?: RouteEntry['params'] } } | undefined)?.params?.properties ?? {};
      const config = { ...((route.config ?? {}) as RouteConfig) };
      for (const method of [route.method].flat()) this.entries.push({ method, url: route.url, config, params, plugin: this.owner });
    });
    return this;
  }

  /**
   * Routes declared on `app` (a mount) belong to `owner`. A mount is loaded later than the
   * call that asked for it, while another plugin may be registering, so the owner is taken
   * when the mount is asked for and stamped on its routes as they arrive.
   */
  claim(app: FastifyInstance, owner: string): void {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods: string[] = [route.method].flat();
      for (const entry of this.entries) if (entry.url === route.url && methods.includes(entry.method)) entry.plugin = owner;
    });
  }
}
