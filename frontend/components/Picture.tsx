import type { ImgHTMLAttributes } from 'react';

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet' | 'sizes' | 'alt'> & {
  /** Required: "" for a picture that only decorates a link or a heading that already names it. */
  alt: string;
  /** The stored widths of this picture (lib/srcsets.ts: `srcset` of @directory/domain), or nothing for a picture kept at one size. */
  srcset?: string | null;
  /** How wide the picture is shown (lib/image-sizes.ts), so the browser picks the smallest file that fills it. */
  sizes: string;
};

/** An <img> at the widths the API made, with the width it is shown at; a single `src` when the API sent no srcset. */
export function Picture({ className, src, srcset, sizes, ...img }: PictureProps) {
  return <img className={className} src={src} srcSet={srcset || undefined} sizes={srcset ? sizes : undefined} {...img} />;
}
