// The baseline: a bare Fastify route that serves a fixed JSON body (given as argv[2], a file).
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.argv[2], 'utf8');
const app = Fastify({ logger: false });
app.get('/v1/notes', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${url}\n`);
