import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Page, PagingQuery, Order } from '../schemas.js';
import { Problems } from '../errors.js';
import type { TreeRow } from '../storage/registry.js';
import type { Kernel } from '../kernel.js';

const TreeDto = Type.Object(
  {
    tree_id: Type.String(),
    name: Type.String(),
    created_at_ms: Type.Integer(),
    active: Type.Boolean(),
  },
  { $id: 'Tree', examples: [{ tree_id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d', name: 'My tree', created_at_ms: 1763769600000, active: true }] },
);
const TreeName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'A name the genealogist chooses' });
const TreeIdParams = Type.Object({ tree_id: Type.String({ minLength: 1 }) });

/** Trees of this install: list, create, read, and switch the active tree (CONTRACT §2). */
export const treesRoutes = (kernel: Kernel) => async function trees(app: FastifyInstance) {
  const { registry, paging } = kernel;
  const treeStore = kernel.trees;
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  const shape = (row: TreeRow): Static<typeof TreeDto> => ({ ...row, active: row.tree_id === registry.activeTreeId() });

  route.get('/trees', {
    config: { humanOnly: false },
    schema: {
      summary: 'List trees',
      tags: ['trees'],
      querystring: Type.Object({ ...PagingQuery, order: Type.Optional(Order) }),
      response: { 200: Page(TreeDto) },
    },
  }, async (request) => {
    const order = request.query.order ?? 'asc';
    const window = paging.open<string>('trees', request.query);
    return window.read((after, take) => registry.listTrees(after, order, take), () => registry.countTrees(), (row) => row.tree_id, shape);
  });

  route.post('/trees', {
    config: { humanOnly: true },
    schema: {
      summary: 'Create a tree',
      tags: ['trees'],
      body: Type.Object({ name: TreeName }, { examples: [{ name: 'Mother’s side' }] }),
      response: { 201: TreeDto },
    },
  }, async (request, reply) => {
    const { row } = treeStore.create(request.body.name.trim());
    return reply.code(201).send(shape(row));
  });

  route.get('/trees/:tree_id', {
    config: { humanOnly: false },
    schema: { summary: 'Read a tree', tags: ['trees'], params: TreeIdParams, response: { 200: TreeDto }, 'x-problems': [404] },
  }, async (request) => {
    const row = registry.getTree(request.params.tree_id);
    if (!row) throw Problems.treeNotFound(`There is no tree ${JSON.stringify(request.params.tree_id)}`);
    return shape(row);
  });

  route.put('/trees/active', {
    config: { humanOnly: true },
    schema: {
      summary: 'Switch the active tree',
      description: 'The active-tree mount `/v1/...` acts on this tree from now on; open change streams on the active mount receive `tree.active_changed`.',
      tags: ['trees'],
      body: Type.Object({ tree_id: Type.String({ minLength: 1 }) }, { examples: [{ tree_id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d' }] }),
      response: { 200: Type.Object({ tree_id: Type.String(), name: Type.String() }) },
      'x-problems': [404],
    },
  }, async (request) => {
    const row = registry.getTree(request.body.tree_id);
    if (!row) throw Problems.treeNotFound(`There is no tree ${JSON.stringify(request.body.tree_id)}`);
    treeStore.get(row.tree_id);
    registry.setActiveTree(row.tree_id);
    return { tree_id: row.tree_id, name: row.name };
  });
};
