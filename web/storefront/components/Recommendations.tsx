/** Recommendation lists (product-page, cart, add-to-cart popup, home): each a labelled row of product cards. */
import type { RecommendationList } from '@apptus/esales-api';
import { ProductGrid } from './ProductCard';

/** Headings for the lists this shop asks for, by list id; a list's own `label` wins when the request gave one. */
const HEADINGS: Record<string, string> = {
  alternatives: 'Similar products', upsell: 'You may also like', 'style-with': 'Style it with', 'more-from-series': 'More from the series',
  'recently-viewed': 'Recently viewed', 'add-to-cart-recs': 'Often bought together', cart: 'Complete your order', top: 'Popular right now',
  newest: 'New in', personal: 'Picked for you', favorites: 'Your favourites',
};

export function Recommendations({ lists }: { lists: RecommendationList[] }) {
  return (
    <>
      {lists.filter((l) => l.visible && l.productGroups.length > 0).map((list) => {
        const heading = list.label ?? HEADINGS[list.id] ?? list.id;
        return (
          <section key={list.id} class={`recommendations ${list.visualization === 'CAROUSEL' ? 'carousel' : ''}`} aria-label={heading}>
            <h2>{heading}</h2>
            <ProductGrid groups={list.productGroups} label={heading} />
          </section>
        );
      })}
    </>
  );
}
