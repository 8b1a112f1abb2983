/**
 * @rootline/kernel: what a plugin may use. Server assembly, the registry and the CLI's
 * needs are in `@rootline/kernel/host`; the test harness is `@rootline/kernel/testing`.
 */
export { definePlugin, type PluginDefinition, type PluginScope, type RootlinePlugin } from './plugin-api/define-plugin.js';
export { optionalService, scoped, singleton, type CredentialDirectory, type ServiceCradle } from './plugin-api/services.js';
export type { PluginKernel, TreeSummary, RegistryTables, AgentCredentials } from './kernel.js';
export type { DataFolderPlace } from './storage/data-folder-place.js';
export type { LoadedPlugin } from './plugin.js';
export type { RecordObserver } from './stream/record-observers.js';
export type { ReadFilter } from './http/read-filters.js';
export type { EntityLabel } from './labels.js';
export type { EntityLabels, EntityLabeller } from './entity-owners.js';
export { ProblemError, Problems, defineProblem, entityNotFound, DISK_FULL_DETAIL, type ProblemFactory, type ProblemFieldError } from './errors.js';
export { isDiskFull } from './storage/disk-full.js';
export { Uuid, Page, PagingQuery, Order, OkResponse, BlobAddress, Nullable } from './schemas.js';
export { isHttpUrl } from './http-url.js';
export { fileNameOf } from './file-name.js';
export { maskTokens } from './http/request-path.js';
export { yieldToLoop } from './yield-to-loop.js';
export { ifNoneMatch } from './http/conditional-get.js';
export { sendJson } from './http/send-json.js';
export { lingerThenClose } from './http/linger.js';
export { SPEC_LIST_LIMITS, LIST_LIMITS, type Paging, type PageWindow, type PageEnvelope, type LimitBounds } from './http/paging.js';
export type { RouteConfig } from './http/route-conventions.js';
export type { Tree } from './storage/tree.js';
export { BlobTooLargeError, type BlobStore, type BlobRef } from './storage/blob-store.js';
export type { Db, Statement } from './storage/sqlite.js';
export type { TreeRecord, NewRecord } from './records.js';
export { systemActor, ACTOR_COLUMNS, actorValues, type Actor } from './auth/actor.js';
export { UUID_PATTERN, type Clock, type IdSource } from './ids.js';
export type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
