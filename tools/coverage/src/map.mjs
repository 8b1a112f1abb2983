// tap's coverage map: a test file counts toward the sources of its own package only.
// The end-to-end tests in test/ run the built bundle (dist/), which is not source: they
// prove behaviour, and each package's own suite is what measures its coverage.
export default function coverageMap(testFile) {
  const match = /^(kernel|libs\/[^/]+|plugins\/[^/]+|tools\/[^/]+)\/test\//.exec(testFile);
  if (!match) return null;
  return [`${match[1]}/src/**/*.ts`, `${match[1]}/src/**/*.mjs`];
}
