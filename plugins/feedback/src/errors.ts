import { defineProblem } from '@rootline/kernel';

/** Problems the feedback plugin throws (CONTRACT §4). None names the destination's address. */
export const FeedbackProblems = {
  /** Empty or over-long message, invalid e-mail address: refused before anything leaves (`errors[]` says which). */
  refused: defineProblem('feedback-refused', 422, 'The feedback cannot be sent as it is'),
  /** More deliveries in the last hour than the limit allows; `Retry-After` says when the next one may go. */
  rateLimited: defineProblem('rate-limited', 429, 'Too much feedback in the last hour'),
  /** The destination did not answer in time, could not be reached, or did not accept (non-2xx). */
  unreachable: defineProblem('feedback-unreachable', 502, 'The feedback service could not take the message'),
  /** No destination configured (`ROOTLINE_FEEDBACK_URL` unset). */
  unavailable: defineProblem('feedback-unavailable', 503, 'Feedback cannot be sent from this installation'),
};
