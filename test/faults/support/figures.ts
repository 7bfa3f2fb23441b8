/**
 * Figures of the fault scenarios (requests sent and failed, imports attempted and left behind, events lost):
 * each scenario records what it measured, whether its assertions hold or not, and the run prints them all at
 * the end (hooks.ts) as readable lines and one JSON line, the way the benchmarks end.
 */

export type FigureValue = string | number | boolean | string[] | Record<string, number>;

const figures = new Map<string, Record<string, FigureValue>>();

export function record(scenario: string, values: Record<string, FigureValue>): void {
  figures.set(scenario, { ...(figures.get(scenario) ?? {}), ...values });
}

export function printFigures(write: (line: string) => void): void {
  if (!figures.size) return;
  write('\nFault scenario figures');
  for (const [scenario, values] of figures) {
    write(`  ${scenario}`);
    for (const [name, value] of Object.entries(values)) {
      if (Array.isArray(value)) {
        write(`    ${name}: ${value.length ? '' : '(none)'}`);
        for (const item of value) write(`      - ${item}`);
      } else {
        write(`    ${name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
      }
    }
  }
  write(JSON.stringify({ faults: Object.fromEntries(figures) }));
}
