import type { Reporter, TestModule } from 'vitest/node';

/**
 * A reporter beside the default one (CI only): each project's span from its first test file's start
 * to its last one's end, its file count and the slowest files, so CI's log says where its time went
 * (issue 40: the whole run must stay well inside CI's 90 minutes).
 */
export default class ProjectTimes implements Reporter {
  private readonly spans = new Map<string, { start: number; end: number; files: Array<[string, number]> }>();
  private readonly started = new Map<TestModule, number>();

  onTestModuleStart(module: TestModule) {
    this.started.set(module, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const start = this.started.get(module) ?? Date.now();
    const end = Date.now();
    const span = this.spans.get(module.project.name) ?? { start, end, files: [] };
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, end);
    span.files.push([module.relativeModuleId, end - start]);
    this.spans.set(module.project.name, span);
  }

  private readonly runStart = Date.now();

  onTestRunEnd() {
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    for (const [project, { start, end, files }] of this.spans) {
      const slowest = [...files].sort((a, b) => b[1] - a[1]).slice(0, 5);
      const when = `from ${seconds(start - this.runStart)} to ${seconds(end - this.runStart)} of the run`;
      console.log(`[ci] project ${project}: ${files.length} files in ${seconds(end - start)} (${when}); slowest: ${slowest.map(([file, ms]) => `${file.split('/').at(-1)} ${seconds(ms)}`).join(', ')}`);
    }
  }
}
