import type { FastifyInstance } from 'fastify';
import { sendJson, type TypeBoxTypeProvider } from '@rootline/kernel';
import { Type } from '@sinclair/typebox';
import { CreateNoteBody, NoteDto, NoteParams, NotesQuery, NOTES_PAGE_LIMIT } from '../schemas.js';
import { NoteProblems } from '../errors.js';

/** `GET {P}/notes?target=`, `POST {P}/notes`, `GET {P}/notes/{id}`. */
export async function notesRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/notes', {
    config: { humanOnly: false },
    schema: {
      summary: 'Notes about one target, oldest first',
      description: `The array the spec fixes, bounded: at most \`limit\` notes (default and ceiling ${NOTES_PAGE_LIMIT}). When more remain, the answer carries \`Link: <{same path}?target=...&cursor=...>; rel="next"\` (RFC 8288); follow it for the next notes, until an answer has no Link header. Without \`limit\` and \`cursor\` an ordinary target gets every note in one answer, as before.`,
      tags: ['notes'],
      querystring: NotesQuery,
      response: {
        200: Type.Array(NoteDto, {
          description: 'The notes, oldest first',
          headers: { link: Type.String({ description: 'Present when more notes remain: `<URL of the next notes>; rel="next"` (RFC 8288)' }) },
        }),
      },
    },
  }, async (request, reply) => {
    const { query } = request;
    const window = app.kernel.paging.open<string>('notes', query, { max: NOTES_PAGE_LIMIT, default: NOTES_PAGE_LIMIT });
    const page = window.read((after, take) => request.diScope.cradle.notesService.forTargetPage(query.target, after, take), 0, (row) => row.key);
    if (page.next_cursor) {
      // Relative to this server, by the path this request came in on (either mount).
      const next = new URLSearchParams({ target: query.target, ...(query.limit !== undefined ? { limit: String(window.limit) } : {}), cursor: page.next_cursor });
      reply.header('link', `<${request.url.split('?')[0]}?${next}>; rel="next"`);
    }
    // Already JSON (built by SQLite, shaped like NoteDto[]): Fastify sends a string as it is.
    return sendJson(reply, `[${page.items.map((row) => row.item).join(',')}]`);
  });

  route.post('/notes', {
    config: { humanOnly: false },
    schema: {
      summary: 'Write a note about an entity or a free key',
      tags: ['notes'],
      body: CreateNoteBody,
      response: { 201: NoteDto },
    },
  }, async (request, reply) => reply.code(201).send(request.diScope.cradle.notesService.create(request.actor, request.body)));

  route.get('/notes/:id', {
    config: { humanOnly: false },
    schema: { summary: 'Read one note', tags: ['notes'], params: NoteParams, response: { 200: NoteDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.notesService.get(request.params.id) ?? Promise.reject(NoteProblems.noteNotFound(request.params.id)));
}
