import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TreeRecord } from '../records.js';
import type { Kernel } from '../kernel.js';

export interface StreamNotice {
  kind: string;
  tree_id: string;
  seq: number;
  entity_type: string;
  entity_id: string;
  at_ms: number;
  /** Only on notices that are not records (`seq` 0): job progress and the like. */
  payload?: unknown;
}

const frame = (event: string, data: unknown, id?: number) =>
  `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

/**
 * `GET {P}/events/stream`: committed records as server-sent events (CONTRACT §6).
 * Best effort, no replay. The active mount follows the active tree and announces a
 * switch with `tree.active_changed`; the pinned mount stays on its tree.
 */
export class ChangeStreams {
  private readonly open = new Set<() => void>();

  constructor(private readonly kernel: Kernel) {}

  get connectionCount(): number {
    return this.open.size;
  }

  routes = async (app: FastifyInstance) => {
    app.get(
      '/events/stream',
      {
        config: { humanOnly: false },
        schema: {
          summary: 'Change notices as server-sent events',
          description:
            'Each committed record becomes `event: <kind>`, `id: <seq>`, `data: {kind,tree_id,seq,entity_type,entity_id,at_ms}`. A `: keep-alive` comment every 15 s. No replay: a late client re-reads state. On the active mount a switch of the active tree sends `event: tree.active_changed` with `{tree_id, previous_tree_id}`.',
          tags: ['events'],
          response: { 200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: Type.String() } } } },
        },
      },
      (request, reply) => this.serve(request, reply),
    );
  };

  closeAll(): void {
    for (const close of [...this.open]) close();
  }

  private serve(request: FastifyRequest, reply: FastifyReply) {
    const { bus, registry, trees, settings } = this.kernel;
    const pinned = (request.params as { tree_id?: string }).tree_id !== undefined;
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    let treeId = request.tree.id;
    const send = (record: TreeRecord) => {
      const notice: StreamNotice = { kind: record.kind, tree_id: treeId, seq: record.seq, entity_type: record.entity_type, entity_id: record.entity_id, at_ms: record.at_ms };
      // A notice that is not a record (kernel.notify: job progress) has no seq to resume
      // from, and carries its payload, since there is no record to re-read.
      if (record.seq === 0) response.write(frame(record.kind, { ...notice, payload: record.payload }));
      else response.write(frame(record.kind, notice, record.seq));
    };
    let unsubscribe = bus.subscribe(treeId, send);
    const onSwitch = (nextTreeId: string, previousTreeId: string | null) => {
      if (!trees.get(nextTreeId)) return;
      unsubscribe();
      treeId = nextTreeId;
      unsubscribe = bus.subscribe(treeId, send);
      response.write(frame('tree.active_changed', { tree_id: nextTreeId, previous_tree_id: previousTreeId }));
    };
    if (!pinned) registry.on('active-changed', onSwitch);
    const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), settings.heartbeatMs);
    heartbeat.unref();
    const close = () => {
      if (!this.open.delete(close)) return;
      clearInterval(heartbeat);
      unsubscribe();
      registry.off('active-changed', onSwitch);
      if (!response.writableEnded) response.end();
    };
    this.open.add(close);
    request.raw.on('close', close);
    response.on('close', close);
    response.on('error', close);
  }
}
