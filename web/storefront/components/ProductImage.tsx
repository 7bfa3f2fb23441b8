/**
 * A product's image from its `imageInfo`: the source closest to the width wanted, and on hover the second
 * image where the effect is SWAP. `alt` is the catalog's (text, never markup).
 */
import type { Image, Product } from '@apptus/esales-api';
import { useState } from 'preact/hooks';

export function sourceFor(image: Image | undefined, width: number): string | undefined {
  if (!image?.sources.length) return undefined;
  const sorted = [...image.sources].sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return (sorted.find((s) => (s.width ?? 0) >= width) ?? sorted[sorted.length - 1])!.url;
}

export function ProductImage({ product, width, hover }: { product: Product; width: number; hover?: boolean }) {
  const [swapped, setSwapped] = useState(false);
  const images = product.imageInfo.images;
  const canSwap = hover && product.imageInfo.effect === 'SWAP' && images.length > 1;
  const image = images[swapped && canSwap ? 1 : 0];
  const src = sourceFor(image, width);
  if (!src) return <div class="no-image" role="img" aria-label="No image" />;
  return (
    <img
      src={src}
      alt={image?.alt ?? product.title}
      loading="lazy"
      width={400}
      height={500}
      onMouseEnter={canSwap ? () => setSwapped(true) : undefined}
      onMouseLeave={canSwap ? () => setSwapped(false) : undefined}
    />
  );
}
