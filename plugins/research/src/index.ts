import { definePlugin, scoped } from '@rootline/kernel';
import { ResearchService } from './questions.js';
import { ResearchPlansService } from './plans.js';
import { ResearchLogService } from './log.js';
import { linkCapturedClaims, ResearchSessionsService } from './sessions.js';
import { ResearchCoverageService } from './coverage.js';
import { questionRoutes } from './routes/questions.js';
import { planRoutes } from './routes/plans.js';
import { logRoutes } from './routes/log.js';
import { sessionRoutes } from './routes/sessions.js';
import { subjectsFollowMerges } from './merges.js';

/**
 * @rootline/plugin-research: the research desk of the Genealogical Proof Standard. Research
 * questions with subjects, plans (ordered items, some assigned to assistants) and search coverage;
 * the research log with captures and negative evidence; entry anchors for writes that answer no
 * question; sessions, with the claims captured during them. Persons, personas, sources,
 * citations, claims and proof arguments are checked and read through their plugins' services.
 */
export default definePlugin({
  name: '@rootline/plugin-research',
  scope: 'tree',
  dependencies: ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-persons', '@rootline/plugin-proofs'],
  register(app) {
    // Each gets the whole cradle: the services it calls are built only when a call needs them.
    app.kernel.services({
      researchService: scoped((cradle) => new ResearchService(cradle)),
      researchPlansService: scoped((cradle) => new ResearchPlansService(cradle)),
      researchLogService: scoped((cradle) => new ResearchLogService(cradle)),
      researchSessionsService: scoped((cradle) => new ResearchSessionsService(cradle)),
      researchCoverageService: scoped((cradle) => new ResearchCoverageService(cradle)),
    });
    app.kernel.treeRoutes(async (mount) => {
      await questionRoutes(mount);
      await planRoutes(mount);
      await logRoutes(mount);
      await sessionRoutes(mount);
    });
    linkCapturedClaims(app.kernel);
    subjectsFollowMerges(app.kernel);
  },
});
