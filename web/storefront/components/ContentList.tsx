/** A list of content items (articles, guides): title, image, description, each a link whose click sends its ticket. */
import type { ContentList as ContentListAnswer, ContentItem } from '@apptus/esales-api';
import { notifyClick } from '../api';
import { useShop } from '../shop';
import { safeLink } from '../format';
import { sourceFor } from './ProductImage';

export function ContentList({ list, heading }: { list: ContentListAnswer; heading: string }) {
  return (
    <section class="content-list">
      <h2>{heading}</h2>
      <ul>{list.items.map((item) => <li key={item.key}><ContentCard item={item} /></li>)}</ul>
    </section>
  );
}

function ContentCard({ item }: { item: ContentItem }) {
  const shop = useShop();
  const src = sourceFor(item.image, 600);
  const href = safeLink(item.link);
  const body = (
    <>
      {src && <img src={src} alt={item.image?.alt ?? ''} loading="lazy" width={600} height={300} />}
      <span class="content-type">{item.type}</span>
      <strong>{item.title}</strong>
      {item.description && <span class="muted">{item.description}</span>}
    </>
  );
  // Content links lead to the shop's articles, which this demo does not have: the click is still sent.
  // A link that is neither a relative path nor an http(s) URL is no link: the card shows as text.
  return href
    ? <a class="content-card" href={href} onClick={() => notifyClick(shop.api, item.ticket)}>{body}</a>
    : <div class="content-card">{body}</div>;
}
