import type { Actor, Tree } from '@rootline/kernel';
import type { JobsService, JobSpec } from '@rootline/contracts/jobs';
import type { JobDto } from './schemas.js';
import type { JobRunner } from './runner.js';
import { JobStore, type JobFilter } from './store.js';
import { JobProblems } from './errors.js';

/** The jobs of one tree, as one actor sees them (made per request, or per job through `servicesFor`). */
export class TreeJobs implements JobsService {
  private readonly store: JobStore;

  constructor(private readonly runner: JobRunner, private readonly tree: Tree, private readonly actor: Actor) {
    this.store = new JobStore(tree);
  }

  start<R>(spec: JobSpec<R>): JobDto {
    return this.runner.start(this.tree, this.actor, spec);
  }

  get(id: string): JobDto | undefined {
    return this.store.get(id);
  }

  page(filter: JobFilter, before: string | null, take: number): JobDto[] {
    return this.store.page(filter, before, take);
  }

  count(filter: JobFilter): number {
    return this.store.count(filter);
  }

  /** The human may cancel any job; an agent only those its own credential started. */
  cancel(id: string): JobDto {
    const starter = this.store.starter(id);
    if (!starter) throw JobProblems.jobNotFound(id);
    if (this.actor.kind === 'agent' && starter.credentialId !== this.actor.credentialId) {
      throw JobProblems.notYourJob(`Job ${id} was started by another credential; only it, or the human, may cancel it`);
    }
    return this.runner.cancel(this.tree, id);
  }
}
