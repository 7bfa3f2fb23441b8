/** A product's badges as the service answers them (primary over the image, secondary below). */
import type { Product } from '@apptus/esales-api';

export function Badges({ product }: { product: Product }) {
  const badges = [...product.badges.primary, ...product.badges.secondary];
  if (!badges.length) return null;
  return (
    <ul class="badges" aria-label="Badges">
      {badges.map((b, i) => (
        <li key={i} class={`badge badge-${b.theme.toLowerCase()}`}>
          {b.label}
        </li>
      ))}
    </ul>
  );
}
