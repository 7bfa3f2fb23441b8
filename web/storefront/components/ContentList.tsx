/** A list of content items (articles, guides): title, image, description, each a link whose click sends its ticket. */
import type { ContentList as ContentListAnswer, ContentItem } from '@apptus/esales-api';
import { notifyClick } from '../api';
import { followLink } from '../history';
import { useShop } from '../shop';
import { safeLink } from '../format';
import { sourceFor } from './ProductImage';

export function ContentList({ list, heading }: { list: ContentListAnswer; heading: string }) {
  return (
    <section class="content-list">
      <h2>{heading}</h2>
      <ul>
        {list.items.map((item) => (
          <li key={item.key}>
            <ContentCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContentCard({ item }: { item: ContentItem }) {
  const shop = useShop();
  const src = sourceFor(item.image, 600);
  // The item's own link, with its key: the article page asks content-information for it. A link that is
  // neither a relative path nor an http(s) URL is not followed (safeLink): the card opens /content/<key>.
  const href = shop.href({ kind: 'article', contentKey: item.key }, safeLink(item.link));
  return (
    <a
      class="content-card"
      href={href}
      onClick={(e) => {
        notifyClick(shop.api, item.ticket);
        followLink(e, href);
      }}
    >
      {src && <img src={src} alt={item.image?.alt ?? ''} loading="lazy" width={600} height={300} />}
      <span class="content-type">{item.type}</span>
      <strong>{item.title}</strong>
      {item.description && <span class="muted">{item.description}</span>}
    </a>
  );
}
