/** Recommendation lists (product-page, cart, add-to-cart popup, home): each a labelled row of product cards. */
import type { RecommendationList } from '@apptus/esales-api';
import { useShop } from '../shop';
import { ProductGrid } from './ProductCard';

export function Recommendations({ lists }: { lists: RecommendationList[] }) {
  // Headings for the lists this shop asks for, by list id; a list's own `label` wins: the request's, or the
  // service's when a bought-together list has no co-purchase data to show (it is then no "Often bought together").
  const headings = useShop().text.listHeadings;
  return (
    <>
      {lists
        .filter((l) => l.visible && l.productGroups.length > 0)
        .map((list) => {
          const heading = list.label ?? headings[list.id] ?? list.id;
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
