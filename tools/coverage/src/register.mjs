// Loaded after tsx by every suite (tools/coverage/.taprc: `--import=@rootline/coverage/register`): tsx compiles the
// TypeScript, then source-maps.mjs makes its source maps readable by tap's coverage report.
import { register } from 'node:module';

register('./source-maps.mjs', import.meta.url);
