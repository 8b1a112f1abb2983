/** For routes whose body is optional: a bare POST reads as an empty body `{}`. */
export function optionalBody(request: { body: unknown }, _reply: unknown, done: () => void): void {
  request.body ??= {};
  done();
}
