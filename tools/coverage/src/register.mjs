// `node --import tsx --import ./register.mjs`: tsx compiles the TypeScript, then source-maps.mjs
// makes its source maps readable by tap's coverage report.
import { register } from 'node:module';

register('./source-maps.mjs', import.meta.url);
