/**
 * Root hooks of `npm run test:faults` (loaded with --require): print every scenario's figures at the end and
 * make sure no API process outlives the run (each scenario stops its own in its after hook; these are the
 * leftovers of a scenario that failed half-way). The cluster itself is started and stopped by scripts/test-faults.sh.
 */
import { stopAllApis } from './support/api';
import { printFigures } from './support/figures';

const startedAt = Date.now();

export const mochaHooks = {
  async afterAll(): Promise<void> {
    await stopAllApis();
    printFigures((line) => process.stdout.write(line + '\n'));
    process.stdout.write(`fault tests took ${((Date.now() - startedAt) / 1000).toFixed(0)} s\n`);
  },
};
