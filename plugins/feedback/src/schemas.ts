import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '@rootline/kernel';

/** The longest message, in characters (Unicode code points). */
export const MAX_MESSAGE_CHARACTERS = 10_000;
/** The longest sender's name, in characters. */
export const MAX_NAME_CHARACTERS = 200;

export const SubmitFeedbackRequest = Type.Object({
  message: Type.String({
    description: `What the human wants to tell the project: 1 to ${MAX_MESSAGE_CHARACTERS.toLocaleString('en')} characters (Unicode code points), not only white space; otherwise 422 \`feedback-refused\` and nothing is sent. Sent as written.`,
    examples: ['The pedigree chart cuts off the fifth generation on a small screen.'],
  }),
  email: Type.Optional(Nullable(Type.String({
    description: 'Where the project may answer; left out or null for none. Must look like an address (`name@domain.tld`, at most 254 characters, no spaces), otherwise 422 `feedback-refused`.',
    examples: ['ann@example.org'],
  }))),
  name: Type.Optional(Nullable(Type.String({
    description: `How the sender would like to be addressed; left out, null or blank for none. At most ${MAX_NAME_CHARACTERS} characters, otherwise 422 \`feedback-refused\`. Sent as written (trimmed).`,
    examples: ['Ann'],
  }))),
}, { $id: 'SubmitFeedbackRequest', additionalProperties: false });
export type SubmitFeedbackRequest = Static<typeof SubmitFeedbackRequest>;

export const FeedbackReceiptDto = Type.Object({
  app_version: Type.String({ description: 'The version of Rootline that sent it (filled in by the server).', examples: ['0.1.0'] }),
  platform: Type.String({ description: 'Operating system and processor, `<os>-<arch>` (filled in by the server).', examples: ['linux-x64'] }),
  received_at_ms: Type.Integer({ description: 'When the server received the message.', examples: [1764000000000] }),
}, { $id: 'FeedbackReceiptDto', additionalProperties: false });
export type FeedbackReceiptDto = Static<typeof FeedbackReceiptDto>;
