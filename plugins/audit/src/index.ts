import { definePlugin } from '@rootline/kernel';
import { auditRoutes } from './routes/audit.js';

/** @rootline/plugin-audit: reads the kernel's record log of each tree; it owns no tables and no services. */
export default definePlugin({
  name: '@rootline/plugin-audit',
  scope: 'tree',
  register(app) {
    app.kernel.treeRoutes(auditRoutes);
  },
});
