import { useEffect } from 'react';

/**
 * Sets the page's meta description (the document title comes from the route table, see root-layout).
 * Search engines and link previews read it; each public page describes itself in one or two sentences.
 */
export function usePageMeta(description: string): void {
  useEffect(() => {
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}
