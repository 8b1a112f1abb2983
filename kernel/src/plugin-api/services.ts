import { asFunction, type Resolver } from 'awilix';
import type { Cradle, RequestCradle } from '@fastify/awilix';
import type { Logger } from 'pino';
import type { Clock, IdSource } from '../ids.js';
import type { Paging } from '../http/paging.js';
import type { Tree } from '../storage/tree.js';
import type { Actor } from '../auth/actor.js';
import type { EntityLabels } from '../entity-owners.js';

/**
 * The services of the container, typed. The kernel declares its own here; every plugin
 * declares the services it registers in `@rootline/contracts` (or, for its own use, its `src/cradle.ts`) by augmenting the same
 * interfaces (`Cradle` for singletons, `RequestCradle` for per-request services), so a
 * misspelt service, or a factory that calls something a service does not have, fails the
 * type-check instead of the first request.
 */
declare module '@fastify/awilix' {
  interface Cradle {
    clock: Clock;
    ids: IdSource;
    paging: Paging;
    logger: Logger;
    /** Who the credentials are, read only (no token, no digest): for a plugin that names an assistant. */
    credentials: CredentialDirectory;
  }
  interface RequestCradle {
    /** The tree the request resolved to (active, or pinned by `/v1/trees/{tree_id}`). */
    tree: Tree;
    /** Who is asking: the human or an agent credential. */
    actor: Actor;
    /** Labels of entities of any kind, asked of the plugins that own them (`kernel.ownsEntities`; entity-owners.ts). */
    entityLabels: EntityLabels;
  }
}

/** The credentials as a plugin may see them: by id, never a token or its digest. */
export interface CredentialDirectory {
  /** Whether the credential exists, is an agent's and is not revoked. */
  isActiveAgent(credentialId: string): boolean;
}

/** What a per-request service factory can use: the singletons and the request's `tree` and `actor`. */
export type ServiceCradle = Cradle & RequestCradle;

/** A service made once per request (it needs `tree` or `actor`). */
export function scoped<T>(factory: (cradle: ServiceCradle) => T): Resolver<T> {
  return asFunction(factory).scoped();
}

/**
 * A service made once for the whole server (it needs no request). `dispose` runs when the
 * server closes, so a plugin never keeps module-level state or its own `onClose` hook.
 */
export function singleton<T>(factory: (cradle: Cradle) => T, dispose?: (service: T) => unknown): Resolver<T> {
  const resolver = asFunction(factory).singleton();
  return dispose ? resolver.disposer((service) => dispose(service) as void | Promise<void>) : resolver;
}

/** Registrations a plugin hands to `kernel.services`: only names declared on the cradle, with their declared types. */
export type ServiceRegistrations = { [Name in keyof ServiceCradle]?: Resolver<ServiceCradle[Name]> };

/**
 * A service of a plugin the caller cannot list as a dependency, when the server has it: one that
 * registers later because it depends on the caller (proofs asks research, which closes questions
 * with proofs; the card asks conflicts). Read from the request's cradle at call time, when every
 * plugin has registered; undefined in a server built without that plugin. Prefer a dependency
 * wherever the order allows one.
 */
export function optionalService<Name extends keyof ServiceCradle>(cradle: object, name: Name): ServiceCradle[Name] | undefined {
  // The awilix cradle answers `Object.hasOwn` (its own-property trap) for every registered name; `in` it does not.
  return Object.hasOwn(cradle, name) ? (cradle as ServiceCradle)[name] : undefined;
}
