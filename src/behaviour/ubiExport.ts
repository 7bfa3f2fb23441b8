/**
 * The UBI export (`GET /api/admin/v4/export/ubi?market=&from=&to=`): the searches of a market and range and
 * the events attributed to them as User Behavior Insights records (src/events/ubi.ts), streamed in the
 * order they happened (a point in time and search_after, 1,000 documents a page), as an OpenSearch `_bulk`
 * body: each record is preceded by its action line `{"index":{"_index":"ubi_queries"|"ubi_events"}}`, so the
 * export loads as it is into the `ubi_queries` and `ubi_events` indices OpenSearch's tools read.
 */
import { Readable } from 'node:stream';
import type { Client, estypes } from '@elastic/elasticsearch';
import type { ConfigurationReader } from '../configuration/store';
import type { RawQuery } from '../kernel/params';
import type { EventDocument } from '../events/events';
import { ubiQuery, ubiRecord, type UbiRange } from '../events/ubi';
import { parseAnalyticsFilter } from './analytics';

const PAGE = 1000;

export interface UbiExportDeps {
  es: Client;
  events: string;
  configuration: Pick<ConfigurationReader, 'get'>;
  now?: () => Date;
}

export type UbiExport = ReturnType<typeof ubiExport>;

export function ubiExport(deps: UbiExportDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    /** Checks the parameters (400 naming the parameter) before the stream starts. */
    async export(query: RawQuery): Promise<Readable> {
      const { market, from, to } = parseAnalyticsFilter(query, await deps.configuration.get(), now());
      return Readable.from(lines(deps.es, deps.events, { market, from, to }));
    },
  };
}

async function* lines(es: Client, index: string, range: UbiRange): AsyncGenerator<string> {
  const exists = await es.indices.exists({ index });
  if (!exists) return;
  const pit = await es.openPointInTime({ index, keep_alive: '1m' });
  try {
    let after: estypes.SortResults | undefined;
    for (;;) {
      const page = await es.search<EventDocument>({
        pit: { id: pit.id, keep_alive: '1m' },
        size: PAGE,
        track_total_hits: false,
        query: ubiQuery(range),
        sort: [{ '@timestamp': 'asc' }, { _shard_doc: 'asc' }],
        ...(after ? { search_after: after } : {}),
      });
      const hits = page.hits.hits;
      let out = '';
      for (const hit of hits) {
        const ubi = hit._source && ubiRecord(hit._source);
        if (ubi) out += `${JSON.stringify({ index: { _index: ubi.index } })}\n${JSON.stringify(ubi.record)}\n`;
      }
      if (out) yield out;
      if (hits.length < PAGE) return;
      after = hits[hits.length - 1].sort;
    }
  } finally {
    await es.closePointInTime({ id: pit.id }).catch(() => undefined);
  }
}
