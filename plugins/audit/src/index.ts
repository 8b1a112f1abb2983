import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './routes/audit.js';

/** @rootline/plugin-audit: reads the kernel's record log; it owns no tables. */
async function auditPlugin(app: FastifyInstance) {
  app.kernel.treeRoutes(auditRoutes);
}

export default fp(auditPlugin, { name: '@rootline/plugin-audit', fastify: '5.x', dependencies: ['@rootline/kernel'] });
