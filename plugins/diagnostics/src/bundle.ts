import type { DiagnosticsDto } from './schemas.js';

export interface BundleParts {
  report: DiagnosticsDto;
  configuration: [string, string][];
  logLines: string[];
  generatedAtMs: number;
}

const iso = (ms: number | null) => (ms === null ? 'never' : new Date(ms).toISOString());

/** The bundle as plain text, before redaction (the service redacts all of it at once). */
export function renderBundle({ report, configuration, logLines, generatedAtMs }: BundleParts): string {
  const lines = [
    'Rootline diagnostics bundle',
    `Generated: ${iso(generatedAtMs)}`,
    'Removed from this text: tokens ([token]), file paths ([path]), e-mail addresses ([email]) and every word of every person and persona name of every tree ([name]).',
    '',
    '== Versions ==',
    `Rootline: ${report.app_version}`,
    `Node.js: ${report.node_version}`,
    `Platform: ${report.platform} (release ${report.os_release})`,
    `Started: ${iso(report.started_at_ms)} (up ${Math.round(report.uptime_ms / 1000)} s)`,
    '',
    '== Plugins ==',
    ...report.plugins.map((plugin) => `${plugin.name} ${plugin.version} (${plugin.scope})`),
    '',
    '== Trees ==',
    `Registry database: ${report.registry_bytes} bytes`,
    ...report.trees.flatMap((tree) => [
      `Tree ${tree.tree_id} "${tree.name}"${tree.active ? ' (active)' : ''}: database ${tree.database_bytes} bytes, ${tree.record_count} records, ${tree.blob_count} files (${tree.blob_bytes} bytes)`,
      ...Object.entries(tree.records_by_kind).map(([kind, count]) => `  ${kind}: ${count}`),
    ]),
    '',
    `== Recent errors (last ${report.recent_errors.window_hours} hours) ==`,
    `Errors: ${report.recent_errors.errors}; warnings: ${report.recent_errors.warnings}; last error: ${iso(report.recent_errors.last_error_at_ms)}`,
    '',
    '== Configuration ==',
    ...(configuration.length > 0 ? configuration.map(([name, value]) => `${name}=${value}`) : ['(no ROOTLINE_* variables set: defaults)']),
    `Log: ${report.log_location_description}`,
    '',
    `== Recent log (last ${logLines.length} lines) ==`,
    ...logLines,
    '',
  ];
  return lines.join('\n');
}
