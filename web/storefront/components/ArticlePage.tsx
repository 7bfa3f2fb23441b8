/**
 * An article: content-information for the URL's content key (the content item's own link plus `ck`, as a
 * product link carries `pk`): its title, image, type, date, topics and description. A shop would render its
 * CMS page here; the demo shows what the search service knows of it.
 */
import type { ContentInformation } from '@apptus/esales-api';
import { useEffect } from 'preact/hooks';
import { navigate } from '../history';
import { type Route } from '../route';
import { useShop } from '../shop';
import { useQuery } from '../useQuery';
import { sourceFor } from './ProductImage';

type ArticleRoute = Extract<Route, { kind: 'article' }>;

export function ArticlePage({ route }: { route: ArticleRoute }) {
  const shop = useShop();
  const t = shop.text;
  const query = useQuery<ContentInformation>(JSON.stringify([shop.market, shop.locale, route.contentKey]), () =>
    shop.api.query.contentInformation({ contentKeys: [route.contentKey] }),
  );
  const item = query.data?.items.find((i) => i.key === route.contentKey);
  // The item's own link in this locale (after a change of language the URL still has the other's).
  useEffect(() => {
    if (item && new URL(item.link, location.origin).pathname !== location.pathname) {
      navigate(shop.href({ kind: 'article', contentKey: item.key }, item.link), { replace: true });
    }
  }, [item?.link]);
  if (query.error)
    return (
      <main class="page">
        <h1>{t.article}</h1>
        <p role="alert">
          {t.articleFailed} {query.error}
        </p>
      </main>
    );
  if (!query.data)
    return (
      <main class="page" aria-busy="true">
        <p class="muted">{t.loading}</p>
      </main>
    );
  if (!item)
    return (
      <main class="page">
        <h1>{t.articleNotFound}</h1>
      </main>
    );
  const src = sourceFor(item.image, 1200);
  const topics = Object.values(item.custom)
    .flat()
    .map((v) => v.label);
  return (
    <main class="page">
      <article class="article">
        <p class="content-type">
          {item.type}
          {topics.length > 0 && ` · ${topics.join(', ')}`}
        </p>
        <h1>{item.title}</h1>
        {item.releaseDate && <p class="muted">{t.published(new Date(item.releaseDate).toLocaleDateString(shop.locale, { dateStyle: 'long' }))}</p>}
        {item.description && <p class="preamble">{item.description}</p>}
        {src && <img src={src} alt={item.image?.alt ?? ''} width={1200} height={600} />}
      </article>
    </main>
  );
}
