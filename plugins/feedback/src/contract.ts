/**
 * The feedback plugin's contract: the service it registers, for the container's types.
 * Type-only (`import type` from `@rootline/plugin-feedback/contract`).
 */
import type { FeedbackService } from './service.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** Sends the human's feedback to the configured destination. */
    feedbackService: FeedbackService;
  }
}

export type { FeedbackService };
export type { SubmitFeedbackRequest, FeedbackReceiptDto } from './schemas.js';
