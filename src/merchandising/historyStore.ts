/**
 * Kept versions of the merchandising imports, one document each in `<prefix>-history`: what an import left
 * (in its export's shape), when, under which `name`, by which key (a short id of it, never the key). Written
 * under the import lock by the import itself; the oldest beyond the retention are deleted then.
 */
import { randomBytes } from 'node:crypto';
import { writeChange } from './indices';
import type { DocumentIndex } from '../search/documents';

import type { VersionSummary } from '../contract/merchandising';

export type { VersionSummary } from '../contract/merchandising';

export interface StoredVersion extends VersionSummary {
  kind: string;
  /** What the version covers: a market (pages), `market|locale` (navigation), `` for the whole service. */
  scope: string;
  /** Orders versions of the same millisecond. */
  seq: number;
  content: unknown;
}

const LIST_LIMIT = 1000;

export class HistoryStore {
  private seq = 0;

  constructor(
    private readonly documents: DocumentIndex,
    private readonly index: string,
  ) {}

  /** A short, sortable id: time in base 36 and 3 random bytes. */
  newId(now: Date): string {
    return `${now.getTime().toString(36)}${randomBytes(3).toString('hex')}`;
  }

  /** Stores a version and deletes those of its kind and scope beyond the newest `keep`. */
  async add(version: Omit<StoredVersion, 'seq'>, keep: number): Promise<void> {
    const doc: StoredVersion = { ...version, seq: Date.now() * 1000 + (this.seq++ % 1000) };
    await this.documents.write(this.index, doc.id, doc, { refresh: true });
    const old = await this.documents.search<StoredVersion>({
      index: this.index,
      query: this.scoped(version.kind, version.scope),
      sort: [{ seq: 'desc' }],
      from: keep,
      size: 1000,
      _source: false,
    });
    const ids = old.hits.hits.map((h) => h._id!);
    if (ids.length) await writeChange(this.documents, this.index, { delete: ids }, { maxBytes: 1_000_000, concurrency: 1 });
  }

  /** The versions of a kind and scope, newest first, without their content. */
  async list(kind: string, scope: string): Promise<VersionSummary[]> {
    const res = await this.documents.search<StoredVersion>({
      index: this.index,
      query: this.scoped(kind, scope),
      sort: [{ seq: 'desc' }],
      size: LIST_LIMIT,
      _source: { includes: ['id', 'at', 'name', 'keyId', 'role', 'user', 'summary'] },
      ignore_unavailable: true,
    });
    return res.hits.hits
      .map((h) => h._source!)
      .map(({ id, at, name, keyId, role, user, summary }) => ({ id, at, name, keyId, role: role ?? null, user: user ?? null, summary }));
  }

  async get(kind: string, id: string): Promise<StoredVersion | undefined> {
    const found = await this.documents.getMany<StoredVersion>(this.index, [id]);
    const version = found.get(id);
    return version?.kind === kind ? version : undefined;
  }

  private scoped(kind: string, scope: string) {
    return { bool: { filter: [{ term: { kind } }, { term: { scope } }] } };
  }
}
