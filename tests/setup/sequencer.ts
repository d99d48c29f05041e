import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (failed first, then the slowest by the last run's timings, or the largest files
 * when there are none, as in a fresh clone), with the `npm run up` smoke test before everything:
 * it is one of the longest files and mostly waits on its install and build, so it runs beside the
 * others instead of alone at the end.
 */
export default class SmokeFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const smoke = (file: TestSpecification) => file.project.name === "smoke";
    return [...sorted.filter(smoke), ...sorted.filter((file) => !smoke(file))];
  }
}
