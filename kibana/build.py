#!/usr/bin/env python3
"""Writes kibana/saved-objects.ndjson (run after editing; the file is what docker compose imports and the
test checks). Index names use the default prefix `elevate`; the compose setup service rewrites them for
another INDEX_PREFIX."""
import json, os

EVENTS = 'elevate-events'
PRODUCTS = 'elevate-catalog-products'
SEARCH = 'type:search and not continued:true'
CORE = '8.8.0'

def data_view(id, title, time_field, name):
    return {'type': 'index-pattern', 'id': id, 'coreMigrationVersion': CORE, 'typeMigrationVersion': '8.0.0',
            'attributes': {'title': title, 'name': name, 'timeFieldName': time_field}, 'references': []}

def tsvb(id, title, metric, series_filter, label, formatter, description):
    params = {
        'id': id, 'type': 'timeseries', 'index_pattern': EVENTS, 'use_kibana_indexes': False, 'time_field': 'queryAt',
        'interval': '1d', 'drop_last_bucket': 0, 'axis_position': 'left', 'axis_formatter': 'number', 'show_legend': 1,
        'show_grid': 1, 'tooltip_mode': 'show_all', 'isModelInvalid': False,
        'series': [{
            'id': f'{id}-series', 'color': '#54B399', 'split_mode': 'everything', 'metrics': [dict(metric, id=f'{id}-metric')],
            'filter': {'query': series_filter, 'language': 'kuery'}, 'chart_type': 'bar', 'line_width': 1, 'point_size': 1,
            'fill': 0.5, 'stacked': 'none', 'label': label, 'formatter': formatter, 'time_range_mode': 'entire_time_range',
        }],
    }
    vis = {'title': title, 'type': 'metrics', 'aggs': [], 'params': params}
    return {'type': 'visualization', 'id': id, 'coreMigrationVersion': CORE, 'typeMigrationVersion': '8.5.0',
            'attributes': {'title': title, 'description': description, 'visState': json.dumps(vis), 'uiStateJSON': '{}', 'version': 1,
                           'kibanaSavedObjectMeta': {'searchSourceJSON': json.dumps({'query': {'query': '', 'language': 'kuery'}, 'filter': []})}},
            'references': []}

def table(id, title, query, description):
    vis = {'title': title, 'type': 'table', 'params': {'perPage': 20, 'showPartialRows': False, 'showMetricsAtAllLevels': False, 'showTotal': False},
           'aggs': [
               {'id': '1', 'enabled': True, 'type': 'count', 'schema': 'metric', 'params': {'customLabel': 'Searches'}},
               {'id': '2', 'enabled': True, 'type': 'terms', 'schema': 'bucket', 'params': {'field': 'queryPhrase', 'size': 50, 'order': 'desc', 'orderBy': '1', 'customLabel': 'Phrase'}},
           ]}
    search = {'query': {'query': query, 'language': 'kuery'}, 'filter': [], 'indexRefName': 'kibanaSavedObjectMeta.searchSourceJSON.index'}
    return {'type': 'visualization', 'id': id, 'coreMigrationVersion': CORE, 'typeMigrationVersion': '8.5.0',
            'attributes': {'title': title, 'description': description, 'visState': json.dumps(vis), 'uiStateJSON': '{}', 'version': 1,
                           'kibanaSavedObjectMeta': {'searchSourceJSON': json.dumps(search)}},
            'references': [{'name': 'kibanaSavedObjectMeta.searchSourceJSON.index', 'type': 'index-pattern', 'id': 'elevate-events'}]}

objects = [
    data_view('elevate-events', EVENTS, '@timestamp', 'Behaviour events'),
    data_view('elevate-catalog-products', PRODUCTS, 'releaseDate', 'Products (live catalog)'),
    tsvb('search-analytics-searches-per-day', 'Searches per day', {'type': 'count'}, SEARCH, 'Searches', 'number',
         'Search-page answers for a phrase, a later page of the same search not counted (docs/behaviour.md "Search analytics").'),
    tsvb('search-analytics-zero-result-rate', 'Zero-result rate per day',
         {'type': 'filter_ratio', 'numerator': {'query': 'totalHits:0', 'language': 'kuery'}, 'denominator': {'query': '*', 'language': 'kuery'}, 'metric_agg': 'count'},
         SEARCH, 'Zero-result rate', 'percent', 'Searches with totalHits 0 / searches.'),
    tsvb('search-analytics-click-through-rate', 'Click-through rate per day',
         {'type': 'filter_ratio', 'numerator': {'query': 'type:click', 'language': 'kuery'}, 'denominator': {'query': SEARCH, 'language': 'kuery'}, 'metric_agg': 'cardinality', 'field': 'queryId'},
         'queryPhrase:*', 'Click-through rate', 'percent', 'Searches with at least one attributed click / searches, by the day of the search (queryAt).'),
    table('search-analytics-top-phrases', 'Top phrases', SEARCH, 'Most searched phrases (after auto-correct, normalised).'),
    table('search-analytics-zero-result-phrases', 'Top zero-result phrases', SEARCH + ' and totalHits:0', 'What to fix: phrases that found nothing, most searched first.'),
]
panels_of = ['search-analytics-searches-per-day', 'search-analytics-zero-result-rate', 'search-analytics-click-through-rate', 'search-analytics-top-phrases', 'search-analytics-zero-result-phrases']
grid = [(0, 0, 24, 15), (24, 0, 24, 15), (0, 15, 24, 15), (24, 15, 12, 20), (36, 15, 12, 20)]
panels = [{'version': '8.8.0', 'type': 'visualization', 'panelIndex': str(i + 1), 'gridData': {'x': x, 'y': y, 'w': w, 'h': h, 'i': str(i + 1)},
           'embeddableConfig': {}, 'panelRefName': f'panel_{i}'} for i, (x, y, w, h) in enumerate(grid)]
objects.append({
    'type': 'dashboard', 'id': 'search-analytics', 'coreMigrationVersion': CORE, 'typeMigrationVersion': '8.7.0',
    'attributes': {
        'title': 'Search analytics', 'description': 'Searches, zero-result rate, click-through rate per day; top and zero-result phrases (docs/behaviour.md "Search analytics").',
        'panelsJSON': json.dumps(panels), 'optionsJSON': json.dumps({'useMargins': True, 'syncColors': False, 'hidePanelTitles': False}),
        'timeRestore': True, 'timeFrom': 'now-30d/d', 'timeTo': 'now', 'version': 1,
        'kibanaSavedObjectMeta': {'searchSourceJSON': json.dumps({'query': {'query': '', 'language': 'kuery'}, 'filter': []})},
    },
    'references': [{'name': f'panel_{i}', 'type': 'visualization', 'id': vid} for i, vid in enumerate(panels_of)],
})
with open(os.path.join(os.path.dirname(__file__), 'saved-objects.ndjson'), 'w') as f:
    for o in objects:
        f.write(json.dumps(o, separators=(',', ':')) + '\n')
