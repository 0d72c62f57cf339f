import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A cover or catalogue image of the public site. Without an address, or when the image fails to
 * load, a light block with the name stands in its place. The box keeps its aspect ratio either way,
 * so nothing moves when the image arrives.
 */
export function SiteImage({
  src,
  name,
  ratio = [16, 9],
  width = 320,
  className,
}: {
  src: string | null | undefined;
  /** The title the image belongs to: the image's text, and the placeholder's. */
  name: string;
  ratio?: readonly [number, number];
  /** The width the image is laid out at, for its intrinsic size. */
  width?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = ['site-image', className].filter(Boolean).join(' ');
  const aspectRatio = `${ratio[0]} / ${ratio[1]}`;
  if (!src || failedSrc === src) {
    return (
      <div
        className={`${classes} site-image--empty`}
        role="img"
        aria-label={t('site.image.label', { name })}
        style={{ aspectRatio }}
      >
        <span className="site-image__name" aria-hidden="true">
          {name}
        </span>
        <span className="site-image__note" aria-hidden="true">
          {t('site.image.none')}
        </span>
      </div>
    );
  }
  return (
    <img
      className={classes}
      src={src}
      alt={name}
      width={width}
      height={Math.round((width * ratio[1]) / ratio[0])}
      loading="lazy"
      decoding="async"
      style={{ aspectRatio }}
      onError={() => setFailedSrc(src)}
    />
  );
}
