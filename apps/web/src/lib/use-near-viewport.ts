import { useEffect, useState } from 'react';

/**
 * True once the element is within `margin` of the viewport (and from then on): what `loading="lazy"` does for an
 * <img src>, for files fetched by script (envelope photos need the session header). A browser without
 * IntersectionObserver loads at once.
 */
export function useNearViewport<T extends Element>(margin = '100px'): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !node) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, near, margin]);
  return [setNode, near];
}
