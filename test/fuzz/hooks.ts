/** Root hooks of `npm run test:fuzz`: the report of inputs tried per endpoint and every finding, at the end. */
import { printReport } from './support';

export const mochaHooks = {
  afterAll(): void {
    printReport((line) => process.stdout.write(line + '\n'));
  },
};
