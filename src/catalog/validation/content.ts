/** Content items and translations. */
import { contentUrl, customLabels, releaseDate } from './attributes';
import { type Scope, at, MAX_FREE_TEXT_LENGTH, obj, required, str } from './checks';
import { image } from './image';
import { locale, localeValues, marketList, overrides } from './markets';

const CONTENT_FIELDS = ['markets', 'type', 'defaults', 'overrides', 'image', 'limitedLocales'];
const CONTENT_DATA_FIELDS = ['title', 'url', 'description', 'releaseDate', 'dataLocale', 'customLabels'];
const TRANSLATION_FIELDS = ['attribute', 'id', 'locale', 'value'];
/**
 * The admin spec: category, age, gender and custom labels translate, and `series` "supports translations".
 * `sizeType` is ours: the size facet shows the size type as its group's label ("Clothing"), which a shop in
 * several languages needs translated.
 */
const TRANSLATED_ATTRIBUTES = ['category', 'age', 'gender', 'series', 'sizeType'];
const CUSTOM_LABEL_PREFIX = 'customLabels.';

export function content(s: Scope, path: string, v: unknown): void {
  const o = obj(s, path, v, CONTENT_FIELDS);
  if (!o) return;
  required(s, path, o, 'markets', 'type', 'defaults');
  if (o.markets !== undefined) marketList(s, at(path, 'markets'), o.markets);
  str(s, at(path, 'type'), o.type, { nonEmpty: true });
  if (o.defaults !== undefined) contentData(s, at(path, 'defaults'), o.defaults, !s.partial);
  overrides(s, at(path, 'overrides'), o.overrides, (data, p) => contentData(s, p, data, false));
  if (o.image !== undefined) image(s, at(path, 'image'), o.image, { content: true });
  localeValues(s, at(path, 'limitedLocales'), o.limitedLocales);
}

/** ContentData; `isDefaults` requires `title` and `url`. */
function contentData(s: Scope, path: string, v: unknown, isDefaults: boolean): void {
  const o = obj(s, path, v, CONTENT_DATA_FIELDS);
  if (!o) return;
  if (isDefaults) required(s, path, o, 'title', 'url');
  str(s, at(path, 'title'), o.title, { nonEmpty: true });
  contentUrl(s, at(path, 'url'), o.url);
  str(s, at(path, 'description'), o.description, { max: MAX_FREE_TEXT_LENGTH });
  releaseDate(s, at(path, 'releaseDate'), o.releaseDate);
  str(s, at(path, 'dataLocale'), o.dataLocale);
  customLabels(s, at(path, 'customLabels'), o.customLabels);
}

/** Translation: every field required, whatever the operation. */
export function translation(s: Scope, path: string, v: unknown): void {
  const o = obj(s, path, v, TRANSLATION_FIELDS);
  if (!o) return;
  for (const f of TRANSLATION_FIELDS) if (o[f] === undefined) s.problems.add(at(path, f), 'required');
  const attribute = str(s, at(path, 'attribute'), o.attribute);
  const isCustomLabel = attribute?.startsWith(CUSTOM_LABEL_PREFIX) && attribute.length > CUSTOM_LABEL_PREFIX.length;
  if (attribute !== undefined && !TRANSLATED_ATTRIBUTES.includes(attribute) && !isCustomLabel) {
    s.problems.add(at(path, 'attribute'), `must be "category", "age", "gender", "series", "sizeType" or "customLabels.<name>" (got "${attribute}")`);
  }
  for (const f of ['id', 'value']) str(s, at(path, f), o[f], { nonEmpty: true });
  const l = str(s, at(path, 'locale'), o.locale, { nonEmpty: true });
  if (l?.trim()) locale(s, at(path, 'locale'), l);
}
