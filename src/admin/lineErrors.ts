/** Collects the errors of an import file, line by line, with a cap on what is kept. */
import { type InvalidInput, invalid } from '../kernel/errors';
import type { FieldError, LineError } from '../catalog/validate';

export const MAX_REPORTED_ERRORS = 100;

export class LineErrors {
  private readonly kept: LineError[] = [];
  private total = 0;
  private readonly lines = new Set<number>();

  add(line: number, errors: FieldError[]): void {
    for (const e of errors) {
      this.total++;
      this.lines.add(line);
      if (this.kept.length < MAX_REPORTED_ERRORS) this.kept.push({ line, path: e.path, message: e.message });
    }
  }

  get count(): number { return this.total; }
  get any(): boolean { return this.total > 0; }
  get list(): LineError[] { return this.kept; }

  rejection(what = 'Import'): InvalidInput {
    const more = this.total - this.kept.length;
    const first = this.kept[0];
    const head = first ? ` First: line ${first.line}, ${first.path || '(line)'}: ${first.message}.` : '';
    return invalid(`${what} rejected: ${this.total} error(s) in ${this.lines.size} line(s); nothing was imported.${head}`, {
      errors: this.kept,
      ...(more > 0 ? { moreErrors: more } : {}),
    });
  }
}
